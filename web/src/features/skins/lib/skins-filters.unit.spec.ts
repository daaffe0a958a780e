import { describe, expect, it } from 'vitest';
import { readSkinsFilters, searchToApply, skinsListVariables, writeSkinsFilters } from './skins-filters';

describe('skins list filters in the query string', () => {
  it('reads the defaults: latest, TM2020, no search, page 1', () => {
    expect(readSkinsFilters(new URLSearchParams(''))).toEqual({
      sort: 'latest',
      game: 'TM2020',
      search: '',
      page: 1,
      tags: [],
    });
  });

  it('reads o, t, s and p, ignoring unknown values', () => {
    expect(readSkinsFilters(new URLSearchParams('o=price&t=TMNF&s=%20neon%20&p=3'))).toEqual({
      sort: 'price',
      game: 'TMNF',
      search: 'neon',
      page: 3,
      tags: [],
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
      writeSkinsFilters({ sort: 'latest', game: 'TM2020', search: '', page: 1, tags: [] }, base).toString(),
    ).toBe('utm=x');
    expect(
      writeSkinsFilters({ sort: 'author', game: 'all', search: 'drift', page: 2, tags: [] }).toString(),
    ).toBe('o=author&t=all&s=drift&p=2');
  });

  it('reads the tag filter repeated or comma separated, and writes each tag once as its own parameter', () => {
    expect(readSkinsFilters(new URLSearchParams('tag=neon,Red&tag=neon&tag=bad!')).tags).toEqual([
      'neon',
      'red',
    ]);
    const written = writeSkinsFilters(
      { sort: 'latest', game: 'TM2020', search: '', page: 1, tags: ['neon', 'red'] },
      new URLSearchParams('tag=old'),
    );
    expect(written.toString()).toBe('tag=neon&tag=red');
    expect(
      skinsListVariables({ sort: 'latest', game: 'all', search: '', page: 1, tags: ['neon'] }).tags,
    ).toEqual(['neon']);
  });

  it('turns the filters into the skins query variables', () => {
    expect(skinsListVariables({ sort: 'price', game: 'all', search: '', page: 2, tags: [] })).toEqual({
      search: null,
      type: null,
      tags: null,
      page: { page: 1, size: 15, sortBy: 'price', sortDirection: 'ASC' },
    });
    expect(skinsListVariables({ sort: 'latest', game: 'TM2', search: 'neon', page: 1, tags: [] })).toEqual({
      search: 'neon',
      type: 'TM2',
      tags: null,
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
