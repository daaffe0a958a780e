import { useListParams } from '../../../shared/listing';
import { readSkinsFilters, writeSkinsFilters } from '../lib/skins-filters';

/**
 * The skins list's sort, game, search and page, read from and written to the query string. Changing
 * the sort, the game or the search goes back to the first page.
 */
export function useSkinsFilters() {
  const { state, update } = useListParams(readSkinsFilters, writeSkinsFilters);
  return { filters: state, update };
}
