import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useClient } from 'urql';
import type { Client } from 'urql';
import { firstScreenData } from '../shared/ui/after-first-screen';

type Prefetch = (client: Client, slug: string, search: URLSearchParams) => Promise<unknown>;

/** The catalogue pages whose first paint waits for their main query, and how to ask it. */
const PREFETCHES: ReadonlyArray<readonly [RegExp, Prefetch]> = [
  [
    /^\/skins(?:\/(?:success|failed))?$/,
    async (client, _slug, search) => {
      const [{ SkinsListQuery }, { readSkinsFilters, skinsListVariables }] = await Promise.all([
        import('../features/skins/lib/skins.documents'),
        import('../features/skins/lib/skins-filters'),
      ]);
      return client.query(SkinsListQuery, skinsListVariables(readSkinsFilters(search))).toPromise();
    },
  ],
  [
    /^\/skins\/([^/]+)$/,
    async (client, url) => {
      const { SkinDetailQuery } = await import('../features/skins/lib/skins.documents');
      return client.query(SkinDetailQuery, { url }).toPromise();
    },
  ],
  [
    /^\/bundles\/(?!success$|failed$)([^/]+)$/,
    async (client, url) => {
      const { BundleDetailQuery } = await import('../features/bundles/lib/bundles.documents');
      return client.query(BundleDetailQuery, { url }).toPromise();
    },
  ],
  [
    /^\/authors\/([^/]+)$/,
    async (client, url) => {
      const { AuthorDetailQuery } = await import('../features/authors/lib/authors.documents');
      return client.query(AuthorDetailQuery, { url }).toPromise();
    },
  ],
];

/**
 * Asks the main query of the catalogue page at `pathname`, if it has one; null for other pages or a
 * malformed address (the page then says it is not found).
 */
export function prefetchRouteData(client: Client, pathname: string, search: string): Promise<unknown> | null {
  for (const [pattern, prefetch] of PREFETCHES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      return prefetch(client, decodeURIComponent(match[1] ?? ''), new URLSearchParams(search));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Asks a catalogue page's main query as soon as its address is known, while the page's own code is
 * still loading, instead of after it: the page then finds the answer on its way or in the client's
 * cache (the same document and variables), and shows its content one round trip sooner.
 */
export function useRouteDataPrefetch(): void {
  const client = useClient();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const data = prefetchRouteData(client, pathname, search);
    // A failed prefetch costs nothing: the page asks again and shows its own error.
    if (data) firstScreenData(data.catch(() => undefined));
  }, [client, pathname, search]);
}
