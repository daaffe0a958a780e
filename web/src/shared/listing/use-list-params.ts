import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's state read from and written to the query string. Any change other than the page goes
 * back to the first page; `replace` keeps the history entry (an applied search).
 */
export function useListParams<State extends { page: number }>(
  read: (params: URLSearchParams) => State,
  write: (state: State, base: URLSearchParams) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [params, read]);

  const update = useCallback(
    (changes: Partial<State>, { replace = false }: { replace?: boolean } = {}) => {
      // The address as it is now, not as last rendered (React Router's functional update passes the
      // rendered one): a page renders its new address as a transition, and a second change made
      // before that would otherwise undo the first.
      const current = new URLSearchParams(window.location.search);
      setParams(write({ ...read(current), page: 1, ...changes }, current), {
        replace,
        preventScrollReset: true,
      });
    },
    [setParams, read, write],
  );

  return { state, update };
}
