import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import type { Queryable } from '../../infra/db/pool';
import { buyerAccountIds } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { REFUND_FENCE_MINUTES } from './provider-refunds';

const grantingRow = z.object({
  order_id: z.number(),
  user_id: z.number(),
  claimed: z.boolean(),
  external_id: z.string().nullable(),
  awaiting_consent: z.boolean(),
});

/**
 * Whether the order (`alias.order_id`) releases its downloads: it is not one that asked for the
 * consent to immediate delivery and has not got it (docs/withdrawal.md). Orders placed before the
 * consent was asked release them as they always did.
 */
export const consentReleases = (alias: string) => sql.fragment`not exists (
  select 1 from orders waiting where waiting.id = ${sql.identifier([alias, 'order_id'])}
    and waiting.withdrawal_consent_asked and waiting.withdrawal_consent_given_at is null)`;

/** The skins a buyer owns only through paid orders waiting for their consent (none releases them). */
export async function skinsWaitingForConsent(db: Queryable, userId: number): Promise<readonly number[]> {
  return db.anyFirst(sql.type(z.object({ skin_id: z.number() }))`
    select o.skin_id from owned_skins o
    where o.user_id in ${buyerAccountIds(userId)} and o.acquired_at is not null
    group by o.skin_id
    having bool_and(not ${consentReleases('o')})
    order by o.skin_id`);
}

/** Refuses a download that only orders waiting for the buyer's consent would grant, saying which. */
function released(rows: readonly z.infer<typeof grantingRow>[]) {
  const open = rows.filter((row) => !row.awaiting_consent);
  const waiting = rows.find((row) => row.awaiting_consent);
  if (open.length === 0 && waiting) {
    throw new DomainError(
      'FORBIDDEN',
      `The downloads of order ${waiting.external_id ?? waiting.order_id} wait for your consent to immediate delivery: give it on the order's page or in your collection.`,
    );
  }
  return open;
}

/**
 * The paid orders (not refunded) through which this skin is owned: by a user (their own orders and
 * those of the guest row whose email they proved), or through one order.
 */
async function grantingOrders(
  db: Queryable,
  skinId: number,
  through: { userId: number } | { orderId: number },
): Promise<readonly z.infer<typeof grantingRow>[]> {
  const who =
    'userId' in through
      ? sql.fragment`o.user_id in ${buyerAccountIds(through.userId)}`
      : // A mailed link stops working while its buyer is blocked: the account itself, or the account
        // whose proven email the guest row has (docs/moderation.md, "What a block stops").
        // Only the buyer's own rows: a gift's items belong to the account that claimed it, and the
        // giver's links never reach them (docs/gifts.md).
        sql.fragment`o.order_id = ${through.orderId}
          and o.user_id = (select b.buyer_user_id from orders b where b.id = o.order_id)
          and not exists (
          select 1 from users buyer
          left join users account on buyer.anonymous and account.email = buyer.email
            and not account.anonymous and account.email_verified_at is not null
          where buyer.id = o.user_id and (buyer.blocked or coalesce(account.blocked, false)))`;
  return db.any(sql.type(grantingRow)`
    select distinct o.order_id, o.user_id,
           exists (select 1 from paid_download_claims c where c.order_id = o.order_id and c.skin_id = o.skin_id) as claimed,
           (select external_id from orders e where e.id = o.order_id) as external_id,
           not ${consentReleases('o')} as awaiting_consent
    from owned_skins o
    where ${who} and o.skin_id = ${skinId} and o.acquired_at is not null
    order by o.order_id`);
}

/** The orders an admin's refund is under way for (its fence counts for REFUND_FENCE_MINUTES). */
async function fencedOrders(db: Queryable, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.anyFirst(sql.type(z.object({ order_id: z.number() }))`
    select order_id from order_refund_fences
    where order_id = any(${sql.array(orderIds, 'int8')})
      and fenced_at > now() - make_interval(mins => ${REFUND_FENCE_MINUTES})`);
  return new Set(rows);
}

/**
 * Lets a paid download go ahead only in step with refunds of the orders that grant it. The first
 * download of a skin through an order claims it (`paid_download_claims`) while holding the order's
 * lock shared, the lock an admin's refund holds exclusively while it checks the downloads and
 * fences the order, before it asks the provider (refund-order.handler.ts). So either the claim
 * commits first and the refund, checking after it, refuses ("downloaded"), or the fence commits
 * first and this check, reading after it, refuses the download until the refund is recorded (the
 * order then no longer owns the skin) or refused. Once claimed, the order cannot be refunded by an admin, so later
 * downloads need only the ownership read (the common case: one query, as before). Refunds made at
 * the provider revoke ownership whatever was downloaded, and the ownership read sees that at once.
 * Nothing here is cached: each download reads the committed state.
 */
async function claimDownload(
  db: Pick<AppContext['pool'], 'transaction'> & Queryable,
  skinId: number,
  through: { userId: number } | { orderId: number },
): Promise<{ userId: number } | null> {
  // A signed-in owner's download counts for their account; a mailed link's for the order's buyer.
  const downloader = (row: { user_id: number }) => ({
    userId: 'userId' in through ? through.userId : row.user_id,
  });
  const granting = released(await grantingOrders(db, skinId, through));
  if (granting.length === 0) return null;
  const claimed = granting.find((row) => row.claimed);
  if (claimed) return downloader(claimed);
  return db.transaction(async (tx) => {
    const orderIds = granting.map((row) => row.order_id);
    await tx.query(sql.unsafe`
      select count(*) from (
        select pg_advisory_xact_lock_shared(key)
        from (select distinct hashtextextended('order-' || id::text, 0) as key
              from unnest(${sql.array(orderIds, 'int8')}) as id order by 1) as keys
      ) as locked`);
    // Read again under the lock: a refund that committed meanwhile has revoked the ownership, and
    // one under way has fenced its order (refund-order.handler.ts).
    const granted = released(await grantingOrders(tx, skinId, through));
    const fenced = await fencedOrders(
      tx,
      granted.map((row) => row.order_id),
    );
    const still = granted.filter((row) => !fenced.has(row.order_id));
    if (still.length === 0) return null;
    await tx.query(sql.unsafe`
      insert into paid_download_claims (order_id, skin_id, user_id)
      select id, ${skinId}, ${still[0]!.user_id} from unnest(${sql.array(
        still.map((row) => row.order_id),
        'int8',
      )}) as id
      on conflict do nothing`);
    return downloader(still[0]!);
  });
}

/**
 * Whether a paid skin may be downloaded by someone other than its author or an admin: a signed-in
 * owner (bought alone or in a bundle, paid and not refunded), or whoever holds a valid download
 * link from a confirmation mail (signed, not expired, and its order still owns the skin). Returns
 * the account the download counts for (the buyer's, for a mailed link), or null. A refund and a
 * download of the same order never both succeed (see claimDownload). An order that waits for the
 * buyer's consent to immediate delivery grants no download: when only such orders own the skin,
 * the refusal (FORBIDDEN) says so.
 */
export async function paidDownloadAccess(
  app: Pick<AppContext, 'pool' | 'downloadGrants'>,
  skinId: number,
  viewer: Session | null,
  grantToken: string | null,
): Promise<{ userId: number } | null> {
  if (viewer) {
    const owner = await claimDownload(app.pool, skinId, { userId: viewer.id });
    if (owner) return owner;
  }
  const grant = app.downloadGrants.verify(grantToken);
  if (grant && grant.skinId === skinId) {
    return claimDownload(app.pool, skinId, { orderId: Number(grant.orderId) });
  }
  return null;
}
