import type { Session } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { ownedAmong, ownerThroughOrder } from './orders.repository';

/**
 * Whether a paid skin may be downloaded by someone other than its author or an admin: a signed-in
 * owner (bought alone or in a bundle, paid and not refunded), or whoever holds a valid download
 * link from a confirmation mail (signed, not expired, and its order still owns the skin). Returns
 * the account the download counts for (the buyer's, for a mailed link), or null.
 */
export async function paidDownloadAccess(
  app: Pick<AppContext, 'pool' | 'downloadGrants'>,
  skinId: number,
  viewer: Session | null,
  grantToken: string | null,
): Promise<{ userId: number } | null> {
  if (viewer) {
    const owned = await ownedAmong(app.pool, viewer.id, { skinIds: [skinId], bundleIds: [] });
    if (owned.skinIds.has(skinId)) return { userId: viewer.id };
  }
  const grant = app.downloadGrants.verify(grantToken);
  if (grant && grant.skinId === skinId) {
    const owner = await ownerThroughOrder(app.pool, Number(grant.orderId), skinId);
    if (owner !== null) return { userId: owner };
  }
  return null;
}
