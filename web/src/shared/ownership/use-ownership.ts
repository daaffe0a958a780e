import { useCallback, useMemo } from 'react';
import { useClient, useQuery } from 'urql';
import { useSession } from '../session';
import { MyOwnedIdsQuery } from './ownership.documents';

export interface Ownership {
  /** True once the ids are known (always true for a visitor, who owns nothing). */
  ready: boolean;
  ownsSkin: (id: string | number) => boolean;
  ownsBundle: (id: string | number) => boolean;
}

const nothing: ReadonlySet<string> = new Set();

/**
 * What the signed-in viewer owns (spec 4: 'Owned' buttons; the cart never takes an owned item).
 * One query for the whole page: every button reads the same cached answer. A visitor owns nothing.
 */
export function useOwnership(): Ownership {
  const { user } = useSession();
  const [{ data, error, fetching }] = useQuery({ query: MyOwnedIdsQuery, pause: user === null });
  const skins = useMemo(() => (data ? new Set(data.myOwnedSkinIds.map(String)) : nothing), [data]);
  const bundles = useMemo(() => (data ? new Set(data.myOwnedBundleIds.map(String)) : nothing), [data]);
  return {
    // A failed query counts as known (nothing owned) so that nothing waits for it forever.
    ready: user === null || data !== undefined || (error !== undefined && !fetching),
    ownsSkin: (id) => skins.has(String(id)),
    ownsBundle: (id) => bundles.has(String(id)),
  };
}

/**
 * Asks the server again what the viewer owns (after a purchase that did not reload the page); every
 * button reading `useOwnership` follows the new answer.
 */
export function useRefreshOwnership(): () => Promise<void> {
  const client = useClient();
  const { user } = useSession();
  return useCallback(async () => {
    if (!user) return;
    const result = await client.query(MyOwnedIdsQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    if (result.error) console.error('Owned items could not be reloaded', result.error);
  }, [client, user]);
}
