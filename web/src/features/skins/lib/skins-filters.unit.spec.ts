import { describe, expect, it } from 'vitest';
import {
  readSkinsFilters,
  searchToApply,
  skinsFeedPath,
  skinsListVariables,
  writeSkinsFilters,
} from './skins-filters';

const defaults = { price: 'all', min: null, max: null, tags: [] as string[] } as const;

describe('skins list filters in the query string', () => {
  it('reads the defaults: latest, TM2020, no search, page 1', () => {
    expect(readSkinsFilters(new URLSearchParams(''))).toEqual({
      sort: 'latest',
      sortChosen: false,
      game: 'TM2020',
      search: '',
      page: 1,
      tags: [],
      price: 'all',
      min: null,
      max: null,
    });
  });

  it('reads o, t, s and p, ignoring unknown values', () => {
    expect(readSkinsFilters(new URLSearchParams('o=price&t=TMNF&s=%20neon%20&p=3'))).toEqual({
      sort: 'price',
      sortChosen: true,
      game: 'TMNF',
      search: 'neon',
      page: 3,
      tags: [],
      price: 'all',
      min: null,
      max: null,
    });
    expect(readSkinsFilters(new URLSearchParams('o=nope&t=ALL&p=-2'))).toMatchObject({
      sort: 'latest',
      game: 'all',
      page: 1,
    });
    expect(readSkinsFilters(new URLSearchParams('t=TMUF')).game).toBe('TM2020');
  });

  it('writes only what differs from the defaults, keeping other parameters', () => {
    const base = new URLSearchParams('utm=x');
    expect(
      writeSkinsFilters(
        { ...defaults, sort: 'latest', game: 'TM2020', search: '', page: 1 },
        base,
      ).toString(),
    ).toBe('utm=x');
    expect(
      writeSkinsFilters({ ...defaults, sort: 'author', game: 'all', search: 'drift', page: 2 }).toString(),
    ).toBe('o=author&t=all&s=drift&p=2');
  });

  it('reads the tag filter repeated or comma separated, and writes each tag once as its own parameter', () => {
    expect(readSkinsFilters(new URLSearchParams('tag=neon,Red&tag=neon&tag=bad!')).tags).toEqual([
      'neon',
      'red',
    ]);
    const written = writeSkinsFilters(
      { ...defaults, sort: 'latest', game: 'TM2020', search: '', page: 1, tags: ['neon', 'red'] },
      new URLSearchParams('tag=old'),
    );
    expect(written.toString()).toBe('tag=neon&tag=red');
    expect(
      skinsListVariables({ ...defaults, sort: 'latest', game: 'all', search: '', page: 1, tags: ['neon'] })
        .tags,
    ).toEqual(['neon']);
  });

  it('turns the filters into the skins query variables', () => {
    expect(skinsListVariables({ ...defaults, sort: 'price', game: 'all', search: '', page: 2 })).toEqual({
      search: null,
      type: null,
      tags: null,
      page: { page: 1, size: 15, sortBy: 'price', sortDirection: 'ASC' },
      price: null,
    });
    expect(skinsListVariables({ ...defaults, sort: 'latest', game: 'TM2', search: 'neon', page: 1 })).toEqual(
      {
        search: 'neon',
        type: 'TM2',
        tags: null,
        page: { page: 0, size: 15, sortBy: 'createdAt', sortDirection: 'DESC' },
        price: null,
      },
    );
  });
});

describe('discovery: sorts, relevance and price in the query string', () => {
  it('reads the new sorts, and relevance as the default while a search is applied', () => {
    expect(readSkinsFilters(new URLSearchParams('o=downloads')).sort).toBe('downloads');
    expect(readSkinsFilters(new URLSearchParams('o=rating')).sort).toBe('rating');
    expect(readSkinsFilters(new URLSearchParams('o=trending')).sort).toBe('trending');
    expect(readSkinsFilters(new URLSearchParams('s=neon')).sort).toBe('relevance');
    expect(readSkinsFilters(new URLSearchParams('s=neon&o=latest')).sort).toBe('latest');
    // Relevance without words to weigh is the newest first.
    expect(readSkinsFilters(new URLSearchParams('o=relevance')).sort).toBe('latest');
  });

  it('writes o only when it differs from the default of the search', () => {
    const state = { ...defaults, game: 'TM2020', page: 1 } as const;
    expect(writeSkinsFilters({ ...state, sort: 'relevance', search: 'neon' }).toString()).toBe('s=neon');
    expect(writeSkinsFilters({ ...state, sort: 'latest', search: 'neon' }).toString()).toBe(
      'o=latest&s=neon',
    );
    expect(writeSkinsFilters({ ...state, sort: 'downloads', search: '' }).toString()).toBe('o=downloads');
    // The default sort, read without a search, follows a search typed afterwards.
    const read = readSkinsFilters(new URLSearchParams(''));
    expect(writeSkinsFilters({ ...read, search: 'neon' }).toString()).toBe('s=neon');
    const chosen = readSkinsFilters(new URLSearchParams('o=price'));
    expect(writeSkinsFilters({ ...chosen, search: 'neon' }).toString()).toBe('o=price&s=neon');
  });

  it('reads f, min and max, leaving out a range the API would refuse', () => {
    expect(readSkinsFilters(new URLSearchParams('f=free'))).toMatchObject({
      price: 'free',
      min: null,
      max: null,
    });
    expect(readSkinsFilters(new URLSearchParams('f=paid&min=2&max=9.5'))).toMatchObject({
      price: 'paid',
      min: 2,
      max: 9.5,
    });
    expect(readSkinsFilters(new URLSearchParams('f=free&min=2'))).toMatchObject({ price: 'free', min: null });
    expect(readSkinsFilters(new URLSearchParams('min=9&max=2'))).toMatchObject({ min: null, max: null });
    expect(readSkinsFilters(new URLSearchParams('min=-1&f=nope'))).toMatchObject({ price: 'all', min: null });
    expect(readSkinsFilters(new URLSearchParams('min=abc'))).toMatchObject({ min: null });
  });

  it('writes the price filter and sends it to the API', () => {
    const state = { sort: 'downloads', game: 'TM2020', search: '', page: 2, tags: [] as string[] } as const;
    expect(writeSkinsFilters({ ...state, price: 'free', min: 3, max: null }).toString()).toBe(
      'o=downloads&f=free&p=2',
    );
    expect(writeSkinsFilters({ ...state, price: 'paid', min: 2, max: 10 }).toString()).toBe(
      'o=downloads&f=paid&min=2&max=10&p=2',
    );
    expect(skinsListVariables({ ...state, price: 'free', min: null, max: null })).toMatchObject({
      page: { sortBy: 'downloads', sortDirection: 'DESC' },
      price: { free: true, minPrice: null, maxPrice: null },
    });
    expect(skinsListVariables({ ...state, price: 'all', min: 2, max: null }).price).toEqual({
      free: null,
      minPrice: 2,
      maxPrice: null,
    });
  });

  it('keeps trending by week and month in the URL and asks the API for them', () => {
    const state = {
      game: 'all',
      search: '',
      page: 1,
      tags: [] as string[],
      price: 'all',
      min: null,
      max: null,
    } as const;
    for (const [sort, sortBy] of [
      ['trending-week', 'trendingWeek'],
      ['trending-month', 'trendingMonth'],
    ] as const) {
      expect(readSkinsFilters(new URLSearchParams(`o=${sort}`)).sort).toBe(sort);
      expect(writeSkinsFilters({ ...state, sort }).toString()).toBe(`o=${sort}&t=all`);
      expect(skinsListVariables({ ...state, sort }).page).toEqual({
        page: 0,
        size: 15,
        sortBy,
        sortDirection: 'DESC',
      });
    }
  });
});

describe('skinsFeedPath', () => {
  it("names the feed of the list's game, or of every game", () => {
    expect(skinsFeedPath('all')).toBe('/feeds/skins.rss');
    expect(skinsFeedPath('TM2020')).toBe('/feeds/skins/tm2020.rss');
    expect(skinsFeedPath('TM_TURBO')).toBe('/feeds/skins/tm-turbo.rss');
  });
});

describe('searchToApply (spec 5)', () => {
  it('applies 3 characters or more', () => {
    expect(searchToApply('neo', '')).toBe('neo');
    expect(searchToApply('  neon  ', '')).toBe('neon');
  });

  it('ignores shorter queries and unchanged ones', () => {
    expect(searchToApply('ne', '')).toBeNull();
    expect(searchToApply('ne', 'neon')).toBeNull();
    expect(searchToApply('neon ', 'neon')).toBeNull();
  });

  it('applies a cleared query only when one was applied', () => {
    expect(searchToApply('', 'neon')).toBe('');
    expect(searchToApply('  ', '')).toBeNull();
  });
});
