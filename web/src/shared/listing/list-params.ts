import { DEFAULT_GAME, isPublicGame } from '../skin-card/game-types';
import type { PublicGame } from '../skin-card/game-types';

// A list's state lives in the query string (spec 2.6, 2.8, 4): o = sort, t = game, s = search;
// p = page (1-based, so that going back from a detail page returns to the same page). Defaults are
// left out; unknown values read as the defaults.

/** 'all' shows every game; the default is the 2020 edition (spec 9). */
export type GameFilter = PublicGame | 'all';
export const ALL_GAMES = 'all';

export interface ListParams<Sort extends string> {
  sort: Sort;
  game: GameFilter;
  search: string;
  /** 1-based. */
  page: number;
}

/** Reads o, t, s and p; `sorts[0]` is the default sort. */
export function readListParams<Sort extends string>(
  params: URLSearchParams,
  sorts: readonly Sort[],
): ListParams<Sort> {
  const sortParam = params.get('o') ?? '';
  const gameParam = params.get('t');
  return {
    sort: (sorts as readonly string[]).includes(sortParam) ? (sortParam as Sort) : sorts[0]!,
    game:
      gameParam?.toLowerCase() === ALL_GAMES ? ALL_GAMES : isPublicGame(gameParam) ? gameParam : DEFAULT_GAME,
    search: readSearchParam(params),
    page: readPageParam(params),
  };
}

/** The query string for the list's state without the defaults, keeping other parameters. */
export function writeListParams<Sort extends string>(
  state: ListParams<Sort>,
  sorts: readonly Sort[],
  base?: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams(base);
  setParam(params, 'o', state.sort === sorts[0] ? null : state.sort);
  setParam(params, 't', state.game === DEFAULT_GAME ? null : state.game);
  return writeSearchAndPage(state, params);
}

export interface SearchPageParams {
  search: string;
  /** 1-based. */
  page: number;
}

/** A list with only a search box (authors): s and p. */
export function readSearchPageParams(params: URLSearchParams): SearchPageParams {
  return { search: readSearchParam(params), page: readPageParam(params) };
}

export function writeSearchAndPage(state: SearchPageParams, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  setParam(params, 's', state.search === '' ? null : state.search);
  setParam(params, 'p', state.page > 1 ? String(state.page) : null);
  return params;
}

function readSearchParam(params: URLSearchParams): string {
  return (params.get('s') ?? '').trim();
}

function readPageParam(params: URLSearchParams): number {
  const page = Number(params.get('p'));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

function setParam(params: URLSearchParams, key: string, value: string | null) {
  if (value === null) params.delete(key);
  else params.set(key, value);
}
