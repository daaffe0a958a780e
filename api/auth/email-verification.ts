import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  ACCOUNT_STREAM_TYPE,
  accountStreamId,
  type EmailVerified,
} from '../../domain/accounts/account.events';
import type { EventMetadata } from '../../infra/event-store/event-store';
import {
  findUserById,
  markEmailVerified,
  paidGuestOrdersOf,
  type UserRow,
} from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { emailVerificationMail } from './auth.mails';

/** Two days: long enough for a mail that waits over a weekend evening, short for a leaked link. */
export const VERIFICATION_LINK_LIFETIME_HOURS = 48;

/**
 * Sends a verification mail to the account's current email: a signed, expiring token whose id is
 * stored, so the link works once. Earlier links of the account stay valid until used or expired;
 * the first one opened proves the email.
 */
export async function sendVerificationMail(
  app: Pick<AppContext, 'pool' | 'tokens' | 'mailer' | 'config' | 'now'>,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
): Promise<void> {
  const tokenId = randomBytes(16).toString('base64url');
  const lifetimeSeconds = VERIFICATION_LINK_LIFETIME_HOURS * 3600;
  const expiresAt = new Date(app.now().getTime() + lifetimeSeconds * 1000);
  await app.pool.query(sql.unsafe`
    insert into email_verification_links (token_id, user_id, email, expires_at)
    values (${tokenId}, ${user.id}, ${user.email}, ${expiresAt.toISOString()})`);
  const token = await app.tokens.signEmailVerification(
    { userId: user.id, email: user.email, tokenId },
    lifetimeSeconds,
  );
  const url = `${app.config.publicUrl}/verify-email?t=${encodeURIComponent(token)}`;
  app.mailer.sendInBackground(
    emailVerificationMail(user.email, user.username, url, VERIFICATION_LINK_LIFETIME_HOURS),
  );
}

export type VerificationOutcome =
  | { status: 'verified'; userId: number; guestOrdersJoined: number }
  | { status: 'invalid' | 'expired' | 'used' };

const linkRow = z.object({ user_id: z.number(), expires_at: z.number(), used_at: z.number().nullable() });

/** Another request spent the same link a moment ago. */
class LinkSpentMeanwhile extends Error {}

/**
 * Opens a verification link: checks the signature and expiry, records EmailVerified, spends the
 * link and marks the email proven, all in one transaction. From then on the guest purchases of
 * that email are the account's (users.repository.ts, `buyerAccountIds`).
 */
export async function verifyEmail(
  app: Pick<AppContext, 'pool' | 'tokens' | 'store' | 'now'>,
  token: string,
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<VerificationOutcome> {
  const claims = await app.tokens.verifyEmailVerification(token);
  if (!claims) return { status: 'invalid' };
  try {
    return await app.pool.transaction(async (tx) => {
      // Reads first: the event append must be the transaction's first write (event-store.ts).
      const link = await tx.maybeOne(sql.type(linkRow)`
        select user_id, expires_at, used_at from email_verification_links
        where token_id = ${claims.tokenId} and user_id = ${claims.userId} and email = ${claims.email}::citext`);
      if (!link) return { status: 'invalid' as const };
      if (link.used_at !== null) return { status: 'used' as const };
      const now = app.now();
      if (link.expires_at <= now.getTime()) return { status: 'expired' as const };
      const account = await findUserById(tx, claims.userId);
      // The account's email changed since the mail was sent: the link proves an address it no longer has.
      if (!account || account.anonymous || account.email.toLowerCase() !== claims.email.toLowerCase()) {
        return { status: 'invalid' as const };
      }
      const guestOrdersJoined = await paidGuestOrdersOf(tx, claims.email);
      // Appending locks the account's stream: a second request with the same link waits here, then
      // finds the link spent below and rolls back.
      const event: EmailVerified = {
        type: 'EmailVerified',
        data: {
          userId: claims.userId,
          email: account.email,
          verifiedAt: now.toISOString(),
          guestOrdersJoined,
        },
      };
      await app.store.append(tx, {
        streamId: accountStreamId(claims.userId),
        streamType: ACCOUNT_STREAM_TYPE,
        expectedVersion: 'any',
        events: [{ ...event, metadata: { ...metadata, actor: { userId: claims.userId } } }],
      });
      const spent = await tx.maybeOneFirst(sql.type(z.object({ token_id: z.string() }))`
        update email_verification_links set used_at = ${now.toISOString()}
        where token_id = ${claims.tokenId} and used_at is null
        returning token_id`);
      if (spent === null) throw new LinkSpentMeanwhile();
      await markEmailVerified(tx, claims.userId, claims.email);
      return { status: 'verified' as const, userId: claims.userId, guestOrdersJoined };
    });
  } catch (error) {
    if (error instanceof LinkSpentMeanwhile) return { status: 'used' };
    throw error;
  }
}
