import type { GameType, PageInput } from '../../../shared/graphql/generated/graphql';
import { ALL_GAMES, readListParams, writeListParams } from '../../../shared/listing';
import type { ListParams } from '../../../shared/listing';
import { tagFilterOf } from '../../../../../domain/catalog/tags.schemas';

// The list's state lives in the query string (spec 2.6, 4): o = sort, t = game, s = search; p = page
// (1-based, so that going back from a skin returns to the same page). Defaults are left out.
export { ALL_GAMES, SEARCH_DELAY_MS, SEARCH_MIN_LENGTH, searchToApply } from '../../../shared/listing';
export type { GameFilter } from '../../../shared/listing';

/** Spec 7.2: the skins list shows 15 a page. */
export const SKINS_PAGE_SIZE = 15;

/** The first one is the default. */
export const SKIN_SORTS = ['latest', 'author', 'price'] as const;
export type SkinSort = (typeof SKIN_SORTS)[number];

/** `tags`: the tag filter's link names (`tag`, repeated or comma separated); the skins carry all of them. */
export type SkinsFilters = ListParams<SkinSort> & { tags: string[] };

export function readSkinsFilters(params: URLSearchParams): SkinsFilters {
  return { ...readListParams(params, SKIN_SORTS), tags: tagFilterOf(params.getAll('tag')) };
}

/** The query string for the filters, without the defaults; each tag as its own `tag` parameter. */
export function writeSkinsFilters(filters: SkinsFilters, base?: URLSearchParams): URLSearchParams {
  const params = writeListParams(filters, SKIN_SORTS, base);
  params.delete('tag');
  for (const tag of filters.tags ?? []) params.append('tag', tag);
  return params;
}

/** Latest: newest first; author and price: ascending (spec 7.2). */
const sortInputs: Record<SkinSort, Pick<PageInput, 'sortBy' | 'sortDirection'>> = {
  latest: { sortBy: 'createdAt', sortDirection: 'DESC' },
  author: { sortBy: 'author', sortDirection: 'ASC' },
  price: { sortBy: 'price', sortDirection: 'ASC' },
};

export function skinsListVariables(filters: SkinsFilters): {
  search: string | null;
  type: GameType | null;
  tags: string[] | null;
  page: PageInput;
} {
  return {
    search: filters.search === '' ? null : filters.search,
    type: filters.game === ALL_GAMES ? null : filters.game,
    tags: filters.tags.length > 0 ? filters.tags : null,
    page: { page: filters.page - 1, size: SKINS_PAGE_SIZE, ...sortInputs[filters.sort] },
  };
}
