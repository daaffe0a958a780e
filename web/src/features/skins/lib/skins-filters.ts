import { priceFilterSchema } from '../../../../../domain/catalog/price-filter';
import type { GameType, PageInput, PriceFilter } from '../../../shared/graphql/generated/graphql';
import { ALL_GAMES, readListParams, writeListParams } from '../../../shared/listing';
import type { GameFilter, ListParams } from '../../../shared/listing';
import { tagFilterOf } from '../../../../../domain/catalog/tags.schemas';

// The list's state lives in the query string: o = sort, t = game, s = search; p = page (1-based, so
// that going back from a skin returns to the same page); f = free or paid, min and max = a price
// range in euros. Defaults are left out; unknown or invalid values read as the defaults.
export { ALL_GAMES, searchToApply } from '../../../shared/listing';
export type { GameFilter } from '../../../shared/listing';

/** The skins list shows 15 a page. */
export const SKINS_PAGE_SIZE = 15;

/** The first one is the default; relevance is the default while a search is applied. */
export const SKIN_SORTS = [
  'latest',
  'downloads',
  'rating',
  'trending',
  'trending-week',
  'trending-month',
  'author',
  'price',
  'relevance',
] as const;
export type SkinSort = (typeof SKIN_SORTS)[number];

export const PRICE_CHOICES = ['all', 'free', 'paid'] as const;
export type PriceChoice = (typeof PRICE_CHOICES)[number];

export interface SkinsFilters extends ListParams<SkinSort> {
  /** False while the sort is the default one: it then follows the search (relevance or latest). */
  sortChosen?: boolean;
  price: PriceChoice;
  /** Euros; null: no bound. Only with `price` all or paid. */
  min: number | null;
  max: number | null;
  /** The tag filter's link names (`tag`, repeated or comma separated): the skins carry all of them. */
  tags: string[];
}

/** The sort when none is chosen: relevance for a search, else the newest first. */
export function defaultSkinSort(search: string): SkinSort {
  return search === '' ? 'latest' : 'relevance';
}

const euroParam = (params: URLSearchParams, key: string) => {
  const value = params.get(key);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

export function readSkinsFilters(params: URLSearchParams): SkinsFilters {
  const list = readListParams(params, SKIN_SORTS);
  const chosen = (SKIN_SORTS as readonly string[]).includes(params.get('o') ?? '');
  // Relevance weighs the words of a search: without one the list is the newest first.
  const sort =
    !chosen || (list.sort === 'relevance' && list.search === '') ? defaultSkinSort(list.search) : list.sort;
  const priceParam = params.get('f');
  const price: PriceChoice = priceParam === 'free' || priceParam === 'paid' ? priceParam : 'all';
  // The same rules as the API's price filter: a range it would refuse is left out.
  const range = priceFilterSchema.safeParse({
    minPrice: euroParam(params, 'min'),
    maxPrice: euroParam(params, 'max'),
  });
  const usable = price !== 'free' && range.success;
  return {
    ...list,
    sort,
    sortChosen: chosen && sort === list.sort,
    price,
    min: usable ? range.data.minPrice : null,
    max: usable ? range.data.maxPrice : null,
    tags: tagFilterOf(params.getAll('tag')),
  };
}

/** The query string for the filters, without the defaults, keeping other parameters. */
export function writeSkinsFilters(filters: SkinsFilters, base?: URLSearchParams): URLSearchParams {
  // The shared writer leaves out the first sort it is given: the default of the search. A sort
  // nobody chose follows the search (a search typed on the newest first is ordered by relevance).
  const sort = filters.sortChosen === false ? defaultSkinSort(filters.search) : filters.sort;
  const params = writeListParams(
    { ...filters, sort },
    [defaultSkinSort(filters.search), ...SKIN_SORTS],
    base,
  );
  setOrDelete(params, 'f', filters.price === 'all' ? null : filters.price);
  const withRange = filters.price !== 'free';
  setOrDelete(params, 'min', withRange && filters.min !== null ? String(filters.min) : null);
  setOrDelete(params, 'max', withRange && filters.max !== null ? String(filters.max) : null);
  params.delete('tag');
  for (const tag of filters.tags) params.append('tag', tag);
  // The page parameter stays last, as the shared writer puts it.
  const page = params.get('p');
  if (page !== null) {
    params.delete('p');
    params.set('p', page);
  }
  return params;
}

function setOrDelete(params: URLSearchParams, key: string, value: string | null) {
  if (value === null) params.delete(key);
  else params.set(key, value);
}

/** Latest, downloads, rating, the trending sorts, relevance: largest first; author and price: ascending. */
const sortInputs: Record<SkinSort, Pick<PageInput, 'sortBy' | 'sortDirection'>> = {
  latest: { sortBy: 'createdAt', sortDirection: 'DESC' },
  downloads: { sortBy: 'downloads', sortDirection: 'DESC' },
  rating: { sortBy: 'rating', sortDirection: 'DESC' },
  trending: { sortBy: 'trending', sortDirection: 'DESC' },
  'trending-week': { sortBy: 'trendingWeek', sortDirection: 'DESC' },
  'trending-month': { sortBy: 'trendingMonth', sortDirection: 'DESC' },
  relevance: { sortBy: 'relevance', sortDirection: 'DESC' },
  author: { sortBy: 'author', sortDirection: 'ASC' },
  price: { sortBy: 'price', sortDirection: 'ASC' },
};

/** The API's price filter for the list's state; null when it filters nothing. */
export function priceFilterOf(filters: Pick<SkinsFilters, 'price' | 'min' | 'max'>): PriceFilter | null {
  const free = filters.price === 'all' ? null : filters.price === 'free';
  const withRange = filters.price !== 'free';
  const minPrice = withRange ? filters.min : null;
  const maxPrice = withRange ? filters.max : null;
  if (free === null && minPrice === null && maxPrice === null) return null;
  return { free, minPrice, maxPrice };
}

export function skinsListVariables(filters: SkinsFilters): {
  search: string | null;
  type: GameType | null;
  tags: string[] | null;
  page: PageInput;
  price: PriceFilter | null;
} {
  return {
    search: filters.search === '' ? null : filters.search,
    type: filters.game === ALL_GAMES ? null : filters.game,
    tags: filters.tags.length > 0 ? filters.tags : null,
    page: { page: filters.page - 1, size: SKINS_PAGE_SIZE, ...sortInputs[filters.sort] },
    price: priceFilterOf(filters),
  };
}

/** The RSS feed of the newest skins of the game the list shows (every game's for all games). */
export function skinsFeedPath(game: GameFilter): string {
  return game === ALL_GAMES
    ? '/feeds/skins.rss'
    : `/feeds/skins/${game.toLowerCase().replace(/_/g, '-')}.rss`;
}
