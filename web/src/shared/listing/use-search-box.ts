import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DELAY_MS, SEARCH_MIN_LENGTH, searchToApply } from './search-rules';

/**
 * The text of a list's search box and when it applies (spec 5): 600 ms after typing stops, at 3
 * characters or more, or when a query is cleared. Enter applies at once. The box follows the applied
 * query when it changes elsewhere (back and forward, the empty state's clear button).
 */
export function useSearchBox(applied: string, onApply: (search: string) => void) {
  const [input, setInput] = useState(applied);
  const [debounced] = useDebouncedValue(input, SEARCH_DELAY_MS);
  const appliedRef = useRef(applied);
  const onApplyRef = useRef(onApply);
  useEffect(() => {
    onApplyRef.current = onApply;
  });

  useEffect(() => {
    appliedRef.current = applied;
    setInput((current) => (current.trim() === applied ? current : applied));
  }, [applied]);

  // Only a change of the typed text applies it: a query changed elsewhere must not be overwritten
  // by the text typed before it.
  useEffect(() => {
    const next = searchToApply(debounced, appliedRef.current);
    if (next !== null) onApplyRef.current(next);
  }, [debounced]);

  const applyNow = () => {
    const next = searchToApply(input, appliedRef.current);
    if (next !== null) onApplyRef.current(next);
  };

  const clear = () => {
    setInput('');
    if (appliedRef.current !== '') onApplyRef.current('');
  };

  const typed = input.trim();
  /** Something is typed that is too short to search for. */
  const tooShort = typed.length > 0 && typed.length < SEARCH_MIN_LENGTH && typed !== applied;

  return { input, setInput, applyNow, clear, tooShort };
}

export type SearchBox = ReturnType<typeof useSearchBox>;
