import { sql } from 'slonik';
import { z } from 'zod';
import {
  accountDeletionDecider,
  deletionObstacles,
  type AccountDeletionCommand,
} from '../../domain/accounts/account-deletion';
import {
  ACCOUNT_STREAM_TYPE,
  accountSchemaVersions,
  accountStreamId,
  type AccountEvent,
} from '../../domain/accounts/account.events';
import { hasRoles } from '../../domain/accounts/roles';
import { DomainError } from '../../domain/errors';
import { MIN_PAYOUT_CENTS } from '../../domain/payouts/payout.decider';
import { passwordMatches } from '../../infra/auth/password-hashing';
import type { Session } from '../../infra/auth/session-tokens';
import { eventsToAppend, loadStream, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { findUserById, type UserRow } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { UserRateLimiter } from '../auth/user-rate-limiter';
import { applyAccountDeletion, deletionCounts, unsentPayoutsOf } from './account-deletion.writes';

const accountStream: StreamKind<AccountEvent> = {
  streamType: ACCOUNT_STREAM_TYPE,
  schemaVersions: accountSchemaVersions,
};

type Deps = Pick<AppContext, 'pool' | 'store' | 'now' | 'log' | 'storage'>;

/** What the deletion page shows the person before they confirm (docs/account-deletion.md). */
export async function accountDeletionPreview(app: Deps, userId: number) {
  const user = await liveAccount(app, userId);
  const obstacles = deletionObstacles(await unsentPayoutsOf(app.pool, userId), MIN_PAYOUT_CENTS);
  const counts = await deletionCounts(app.pool, userId);
  const mustFinish = [...obstacles.mustFinish];
  if (hasRoles(user.roles, ['admin'])) {
    mustFinish.unshift(
      'An admin account cannot delete itself: ask another admin to remove your admin role first.',
    );
  }
  return { obstacles: { ...obstacles, mustFinish }, counts };
}

/** Typing the username and the password: the person is who they say, and means it. */
export type SelfDeletionInput = { username: string; password: string; giveUpEarnings: boolean };

/**
 * The owner deletes their account (Settings → Your data). The username must be typed as it is and
 * the password must match; wrong tries count against a small budget, as sign-in's do.
 */
export async function deleteOwnAccount(
  app: Deps,
  viewer: Session,
  input: SelfDeletionInput,
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<void> {
  const user = await liveAccount(app, viewer.id);
  await triesOf(app).hit(user.id);
  if (input.username.trim().toLowerCase() !== user.username.toLowerCase()) {
    throw new DomainError('BAD_USER_INPUT', 'Type your username exactly as it is shown.', 'username');
  }
  if (!(await passwordMatches(user.password_hash, input.password))) {
    throw new DomainError('BAD_USER_INPUT', 'This password is not right.', 'password');
  }
  await recordDeletion(
    app,
    user,
    { by: 'SELF', reason: null, giveUpEarnings: input.giveUpEarnings },
    {
      ...metadata,
      actor: { userId: user.id },
    },
  );
}

/**
 * An admin deletes an account at its owner's request (written to the support address, say), with
 * the reason logged for the other admins. Never an admin's account, never their own.
 */
export async function deleteAccountOnRequest(
  app: Deps,
  admin: Session,
  userId: number,
  input: { reason: string; giveUpEarnings: boolean },
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<void> {
  const user = await findUserById(app.pool, userId);
  if (!user || user.anonymous) throw new DomainError('NOT_FOUND', 'There is no such account.');
  await recordDeletion(
    app,
    user,
    { by: 'ADMIN', adminId: admin.id, reason: input.reason, giveUpEarnings: input.giveUpEarnings },
    { ...metadata, actor: { userId: admin.id, role: 'admin' } },
  );
}

/** How an admin names the guest buyer whose data is to go: the address they bought with, or one order. */
export type GuestBuyerReference = { email: string } | { orderNumber: string };

/**
 * An admin erases a guest buyer's personal data at their request (GDPR Art. 17): a person who
 * bought without an account, found by the email address they gave or by one of their orders. The
 * guest row of that address (every guest order with it hangs on it, api/orders/guest-buyer.ts) is
 * deleted like an account: `AccountDeleted` on its stream destroys its keys, the address's among
 * them (what its guest orders sealed), and the erasure projection scrubs its orders, mails and row.
 * The invoices' names go to the tax records first, as for an account. An order placed by an
 * account is refused: that person deletes the account, or an admin deletes it for them.
 */
export async function eraseGuestBuyerOnRequest(
  app: Deps,
  admin: Session,
  reference: GuestBuyerReference,
  reason: string,
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<{ userId: number; orders: number }> {
  const notFound = new DomainError('NOT_FOUND', 'No guest buyer bought with this address or order number.');
  const guestId =
    'email' in reference
      ? await app.pool.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
          select id from users where email = ${reference.email}::citext and anonymous and deleted_at is null`)
      : await guestOfOrder(app, reference.orderNumber);
  if (guestId === null) throw notFound;
  const user = await findUserById(app.pool, guestId);
  if (!user || !user.anonymous || user.deleted_at !== null) throw notFound;
  const orders = await app.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
    select count(*)::int as n from orders where buyer_user_id = ${guestId}`);
  await recordDeletion(
    app,
    user,
    { by: 'ADMIN', adminId: admin.id, reason, giveUpEarnings: false },
    { ...metadata, actor: { userId: admin.id, role: 'admin' } },
  );
  return { userId: guestId, orders };
}

async function guestOfOrder(app: Deps, orderNumber: string): Promise<number | null> {
  const order = await app.pool.maybeOne(sql.type(
    z.object({ buyer_user_id: z.number().nullable(), guest: z.boolean() }),
  )`
    select buyer_user_id, guest from orders where external_id = ${orderNumber}`);
  if (!order) return null;
  if (!order.guest) {
    throw new DomainError(
      'CONFLICT',
      'This order was placed by an account: delete the account (Admin → Users) to erase its data.',
      'orderNumber',
    );
  }
  return order.buyer_user_id;
}

async function liveAccount(app: Deps, userId: number): Promise<UserRow> {
  const user = await findUserById(app.pool, userId);
  if (!user || user.anonymous || user.deleted_at !== null) {
    throw new DomainError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
  }
  return user;
}

const triesOf = (app: Deps) =>
  new UserRateLimiter(app.pool, {
    name: 'account-deletion-tries',
    max: 5,
    windowMs: 15 * 60_000,
    now: app.now,
    message: 'Too many tries. Please wait a quarter of an hour.',
  });

/**
 * Decides on the account's stream and, in the same transaction, appends `AccountDeleted` (the
 * first write, as the event store asks) and applies what follows from it. A concurrent change to
 * the stream fails the whole with CONFLICT: nothing is half done.
 */
async function recordDeletion(
  app: Deps,
  user: UserRow,
  who:
    | { by: 'SELF'; reason: null; giveUpEarnings: boolean }
    | {
        by: 'ADMIN';
        adminId: number;
        reason: string;
        giveUpEarnings: boolean;
      },
  metadata: EventMetadata,
): Promise<void> {
  const now = app.now().toISOString();
  await app.pool.transaction(async (tx) => {
    const obstacles = deletionObstacles(await unsentPayoutsOf(tx, user.id), MIN_PAYOUT_CENTS);
    const facts = {
      userId: user.id,
      now,
      targetIsAdmin: hasRoles(user.roles, ['admin']),
      obstacles,
      earningsGivenUp: who.giveUpEarnings,
    };
    const command: AccountDeletionCommand =
      who.by === 'ADMIN' ? { ...facts, by: 'ADMIN', adminId: who.adminId } : { ...facts, by: 'SELF' };
    const { state, version } = await loadStream(app.store, tx, accountStreamId(user.id), accountStream, {
      initialState: accountDeletionDecider.initialState,
      evolve: accountDeletionDecider.evolve,
    });
    const events = accountDeletionDecider.decide(command, state);
    await app.store.append(tx, {
      streamId: accountStreamId(user.id),
      streamType: ACCOUNT_STREAM_TYPE,
      expectedVersion: version,
      events: eventsToAppend(accountStream, events, { metadata }),
    });
    await applyAccountDeletion(tx, {
      userId: user.id,
      username: user.username,
      deletedAt: now,
      by: who.by,
      adminId: who.by === 'ADMIN' ? who.adminId : null,
      reason: who.reason,
      earningsGivenUpCents: obstacles.earningsGivenUpCents,
    });
  });
  app.log.info({ userId: user.id, by: who.by }, 'account deleted');
  // The avatar is the person's picture: its file goes too (a failure leaves a file nothing points at).
  if (user.avatar_filename) {
    await app.storage.remove('public', user.avatar_filename).catch((error: unknown) => {
      app.log.warn({ err: error, userId: user.id }, 'the avatar of a deleted account was not removed');
    });
  }
}
