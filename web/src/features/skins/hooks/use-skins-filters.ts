import { useCallback } from 'react';
import { useListParams } from '../../../shared/listing';
import { readSkinsFilters, writeSkinsFilters } from '../lib/skins-filters';
import type { SkinsFilters } from '../lib/skins-filters';

/**
 * The skins list's sort, game, search, price and page, read from and written to the query string.
 * Changing anything but the page goes back to the first page.
 */
export function useSkinsFilters() {
  const { state, update } = useListParams(readSkinsFilters, writeSkinsFilters);
  // A sort picked in the select stays when a search is typed; the default one follows the search.
  const updateFilters = useCallback(
    (changes: Partial<SkinsFilters>, options?: { replace?: boolean }) =>
      update(changes.sort ? { ...changes, sortChosen: true } : changes, options),
    [update],
  );
  return { filters: state, update: updateFilters };
}
