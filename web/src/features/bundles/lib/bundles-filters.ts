import type { GameType, PageInput } from '../../../shared/graphql/generated/graphql';
import { ALL_GAMES, readListParams, writeListParams } from '../../../shared/listing';
import type { ListParams } from '../../../shared/listing';

// The list's state lives in the query string like the skins list's (spec 2.8, 4): o = sort, t = game,
// s = search, p = page (1-based). Defaults (latest, TM2020, no search, page 1) are left out.

/** Spec 7.2: the bundles list shows 10 a page. */
export const BUNDLES_PAGE_SIZE = 10;

/** The first one is the default. */
export const BUNDLE_SORTS = ['latest', 'title', 'author', 'price'] as const;
export type BundleSort = (typeof BUNDLE_SORTS)[number];

export type BundlesFilters = ListParams<BundleSort>;

export function readBundlesFilters(params: URLSearchParams): BundlesFilters {
  return readListParams(params, BUNDLE_SORTS);
}

export function writeBundlesFilters(filters: BundlesFilters, base?: URLSearchParams): URLSearchParams {
  return writeListParams(filters, BUNDLE_SORTS, base);
}

/** Spec 7.2: createdAt descending (latest), any other field ascending. */
const sortInputs: Record<BundleSort, Pick<PageInput, 'sortBy' | 'sortDirection'>> = {
  latest: { sortBy: 'createdAt', sortDirection: 'DESC' },
  title: { sortBy: 'title', sortDirection: 'ASC' },
  author: { sortBy: 'author', sortDirection: 'ASC' },
  price: { sortBy: 'price', sortDirection: 'ASC' },
};

export function bundlesListVariables(filters: BundlesFilters): {
  search: string | null;
  type: GameType | null;
  page: PageInput;
} {
  return {
    search: filters.search === '' ? null : filters.search,
    type: filters.game === ALL_GAMES ? null : filters.game,
    page: { page: filters.page - 1, size: BUNDLES_PAGE_SIZE, ...sortInputs[filters.sort] },
  };
}
