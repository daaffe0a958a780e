import type { GameType, PageInput } from '../../../shared/graphql/generated/graphql';
import { DEFAULT_GAME, isPublicGame } from '../../../shared/skin-card';
import type { PublicGame } from '../../../shared/skin-card';

// The list's state lives in the query string (spec 2.6, 4): o = sort, t = game, s = search; p = page
// (1-based, so that going back from a skin returns to the same page). Defaults are left out.

/** Spec 7.2: the skins list shows 15 a page. */
export const SKINS_PAGE_SIZE = 15;
/** Spec 5 and 9: a search applies at 3 characters or more, or when a query is cleared, after 600 ms. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DELAY_MS = 600;

export const SKIN_SORTS = ['latest', 'author', 'price'] as const;
export type SkinSort = (typeof SKIN_SORTS)[number];

/** 'all' shows every game; the default is the 2020 edition (spec 9). */
export type GameFilter = PublicGame | 'all';
export const ALL_GAMES = 'all';

export interface SkinsFilters {
  sort: SkinSort;
  game: GameFilter;
  search: string;
  /** 1-based. */
  page: number;
}

export function readSkinsFilters(params: URLSearchParams): SkinsFilters {
  const sortParam = params.get('o');
  const gameParam = params.get('t');
  const pageParam = Number(params.get('p'));
  return {
    sort: (SKIN_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as SkinSort) : 'latest',
    game:
      gameParam?.toLowerCase() === ALL_GAMES ? ALL_GAMES : isPublicGame(gameParam) ? gameParam : DEFAULT_GAME,
    search: (params.get('s') ?? '').trim(),
    page: Number.isSafeInteger(pageParam) && pageParam > 1 ? pageParam : 1,
  };
}

/** The query string for the filters, without the defaults. */
export function writeSkinsFilters(filters: SkinsFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | null) => {
    if (value === null) params.delete(key);
    else params.set(key, value);
  };
  set('o', filters.sort === 'latest' ? null : filters.sort);
  set('t', filters.game === DEFAULT_GAME ? null : filters.game);
  set('s', filters.search === '' ? null : filters.search);
  set('p', filters.page > 1 ? String(filters.page) : null);
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
  page: PageInput;
} {
  return {
    search: filters.search === '' ? null : filters.search,
    type: filters.game === ALL_GAMES ? null : filters.game,
    page: { page: filters.page - 1, size: SKINS_PAGE_SIZE, ...sortInputs[filters.sort] },
  };
}

/** What a typed query does once typing stops: apply it, or leave the list as it is. */
export function searchToApply(typed: string, applied: string): string | null {
  const next = typed.trim();
  if (next === applied) return null;
  if (next.length >= SEARCH_MIN_LENGTH) return next;
  if (next === '' && applied !== '') return '';
  return null;
}
