import { describe, expect, it } from 'vitest';
import { readSkinsFilters, searchToApply, skinsListVariables, writeSkinsFilters } from './skins-filters';

describe('skins list filters in the query string', () => {
  it('reads the defaults: latest, TM2020, no search, page 1', () => {
    expect(readSkinsFilters(new URLSearchParams(''))).toEqual({
      sort: 'latest',
      game: 'TM2020',
      search: '',
      page: 1,
    });
  });

  it('reads o, t, s and p, ignoring unknown values', () => {
    expect(readSkinsFilters(new URLSearchParams('o=price&t=TMNF&s=%20neon%20&p=3'))).toEqual({
      sort: 'price',
      game: 'TMNF',
      search: 'neon',
      page: 3,
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
    expect(writeSkinsFilters({ sort: 'latest', game: 'TM2020', search: '', page: 1 }, base).toString()).toBe(
      'utm=x',
    );
    expect(writeSkinsFilters({ sort: 'author', game: 'all', search: 'drift', page: 2 }).toString()).toBe(
      'o=author&t=all&s=drift&p=2',
    );
  });

  it('turns the filters into the skins query variables', () => {
    expect(skinsListVariables({ sort: 'price', game: 'all', search: '', page: 2 })).toEqual({
      search: null,
      type: null,
      page: { page: 1, size: 15, sortBy: 'price', sortDirection: 'ASC' },
    });
    expect(skinsListVariables({ sort: 'latest', game: 'TM2', search: 'neon', page: 1 })).toEqual({
      search: 'neon',
      type: 'TM2',
      page: { page: 0, size: 15, sortBy: 'createdAt', sortDirection: 'DESC' },
    });
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
