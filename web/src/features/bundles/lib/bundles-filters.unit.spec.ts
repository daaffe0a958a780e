import { describe, expect, it } from 'vitest';
import { bundlesListVariables, readBundlesFilters, writeBundlesFilters } from './bundles-filters';

describe('bundles list filters in the query string', () => {
  it('reads the defaults: latest, TM2020, no search, page 1', () => {
    expect(readBundlesFilters(new URLSearchParams(''))).toEqual({
      sort: 'latest',
      game: 'TM2020',
      search: '',
      page: 1,
    });
  });

  it('reads o, t, s and p, ignoring unknown values', () => {
    expect(readBundlesFilters(new URLSearchParams('o=title&t=all&s=%20pack%20&p=2'))).toEqual({
      sort: 'title',
      game: 'all',
      search: 'pack',
      page: 2,
    });
    expect(readBundlesFilters(new URLSearchParams('o=rating&t=TM'))).toMatchObject({
      sort: 'latest',
      game: 'TM2020',
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeBundlesFilters({ sort: 'latest', game: 'TM2020', search: '', page: 1 }).toString()).toBe('');
    expect(writeBundlesFilters({ sort: 'price', game: 'TMNF', search: 'desert', page: 3 }).toString()).toBe(
      'o=price&t=TMNF&s=desert&p=3',
    );
  });

  it('asks for 10 a page, newest first or the chosen field ascending (spec 7.2)', () => {
    expect(bundlesListVariables({ sort: 'latest', game: 'all', search: '', page: 1 })).toEqual({
      search: null,
      type: null,
      page: { page: 0, size: 10, sortBy: 'createdAt', sortDirection: 'DESC' },
    });
    expect(bundlesListVariables({ sort: 'author', game: 'TM2', search: 'rio', page: 2 })).toEqual({
      search: 'rio',
      type: 'TM2',
      page: { page: 1, size: 10, sortBy: 'author', sortDirection: 'ASC' },
    });
  });
});
