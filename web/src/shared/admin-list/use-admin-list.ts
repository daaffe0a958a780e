import { useEffect, useState } from 'react';
import { useSearchBox } from '../listing';
import { useLastData } from './admin-list-parts';

/** What a list's query answered, as the layout shows it. */
export interface AdminListAnswer<List> {
  /** The last answer, kept while the next page loads; undefined until the first one. */
  list: List | undefined;
  fetching: boolean;
  error: unknown;
  /** Asks again, past the cache (the load error's retry). */
  retry: () => void;
}

/**
 * The list a query answered, kept on screen while the next page loads (a change of `key`, another
 * view of the list, forgets it); a failed query is logged (spec 8: only logged).
 */
export function useAdminListAnswer<List>(
  name: string,
  list: List | undefined,
  query: {
    result: { fetching: boolean; error?: unknown };
    refetch: (options: { requestPolicy: 'network-only' }) => void;
  },
  key = '',
): AdminListAnswer<List> {
  const { result, refetch } = query;
  useEffect(() => {
    if (result.error) console.error(`${name} failed`, result.error);
  }, [result.error, name]);
  return {
    list: useLastData(list, key),
    fetching: result.fetching,
    error: result.error,
    retry: () => refetch({ requestPolicy: 'network-only' }),
  };
}

/**
 * The page shown and the applied search of a list with a search box: a new search goes back to the
 * first page (the list's other filters call `setPageNumber(1)` themselves).
 */
export function useAdminListSearch() {
  const [pageNumber, setPageNumber] = useState(1);
  const [search, setSearch] = useState('');
  const box = useSearchBox(search, (next) => {
    setSearch(next);
    setPageNumber(1);
  });
  return { pageNumber, setPageNumber, search, box };
}
