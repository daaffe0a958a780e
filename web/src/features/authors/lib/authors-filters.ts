import type { PageInput } from '../../../shared/graphql/generated/graphql';
import type { SearchPageParams } from '../../../shared/listing';

// The authors list keeps s = search and p = page (1-based) in the query string.
export { readSearchPageParams as readAuthorsFilters } from '../../../shared/listing';
export { writeSearchAndPage as writeAuthorsFilters } from '../../../shared/listing';

/** Spec 7.2: the authors list shows 16 a page (the server sorts them by username). */
export const AUTHORS_PAGE_SIZE = 16;

export function authorsListVariables(filters: SearchPageParams): { search: string | null; page: PageInput } {
  return {
    search: filters.search === '' ? null : filters.search,
    page: { page: filters.page - 1, size: AUTHORS_PAGE_SIZE },
  };
}
