import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSkinsFilters, writeSkinsFilters } from '../lib/skins-filters';
import type { SkinsFilters } from '../lib/skins-filters';

/**
 * The skins list's sort, game, search and page, read from and written to the query string. Changing
 * the sort, the game or the search goes back to the first page.
 */
export function useSkinsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSkinsFilters(params), [params]);

  const update = useCallback(
    (changes: Partial<SkinsFilters>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const previous = readSkinsFilters(current);
          const next = { ...previous, page: 1, ...changes };
          return writeSkinsFilters(next, current);
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return { filters, update };
}
