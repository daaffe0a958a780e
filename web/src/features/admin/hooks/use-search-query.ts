import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Spec 5 and 9: a search applies at 3 characters or more, or when a query is cleared, after 600 ms. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DELAY_MS = 600;

/**
 * The text in the search box and the query the list uses. `onApply` runs when the applied query
 * changes (a list goes back to its first page then).
 */
export function useSearchQuery(onApply?: () => void) {
  const [input, setInput] = useState('');
  const [applied, setApplied] = useState('');
  const [debounced] = useDebouncedValue(input.trim(), SEARCH_DELAY_MS);

  useEffect(() => {
    const next =
      debounced.length >= SEARCH_MIN_LENGTH ? debounced : debounced === '' && applied !== '' ? '' : null;
    if (next === null || next === applied) return;
    setApplied(next);
    onApply?.();
  }, [debounced, applied, onApply]);

  /** Empties the box and the list's query at once (the clear button). */
  const clear = () => {
    setInput('');
    if (applied !== '') {
      setApplied('');
      onApply?.();
    }
  };

  return { input, setInput, applied, clear };
}
