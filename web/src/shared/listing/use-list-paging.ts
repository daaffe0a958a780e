import { useEffect, useRef } from 'react';
import { listingMessages } from './listing.messages';

type PageInfo = { totalElements: number; totalPages: number };

/**
 * What a paged list does with its answer: logs a failed query (spec 8: only logged), moves a page
 * beyond the last one (an old link, fewer results now) to the last page, scrolls to the list's top
 * when the page changes, and words the results line.
 */
export function useListPaging(options: {
  name: string;
  fetching: boolean;
  error: unknown;
  pageInfo: PageInfo | undefined;
  page: number;
  search: string;
  searchTooShort: boolean;
  update: (changes: { page: number }, options?: { replace?: boolean }) => void;
  results: (total: number) => string;
  resultsFor: (total: number, search: string) => string;
}) {
  const { name, fetching, error, pageInfo, page, update } = options;
  const listTop = useRef<HTMLDivElement>(null);
  const total = pageInfo?.totalElements ?? 0;
  const totalPages = pageInfo?.totalPages ?? 0;

  useEffect(() => {
    if (error) console.error(`The ${name} list could not be loaded`, error);
  }, [error, name]);

  useEffect(() => {
    if (!fetching && pageInfo && totalPages > 0 && page > totalPages)
      update({ page: totalPages }, { replace: true });
  }, [fetching, pageInfo, totalPages, page, update]);

  const goToPage = (next: number) => {
    update({ page: next });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  const resultsLine = options.searchTooShort
    ? listingMessages.searchHint
    : pageInfo
      ? options.search
        ? options.resultsFor(total, options.search)
        : options.results(total)
      : '\u00a0';

  return { listTop, total, totalPages, goToPage, resultsLine };
}
