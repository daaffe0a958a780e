import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

const accountRow = z.object({ id: z.number(), anonymous: z.boolean() });

/**
 * The account a guest's order belongs to: the guest (anonymous) row of the email given, made on
 * the first purchase (no password, no login, left out of the admin's user list). It is never a
 * registered account, even when one has this email: what checkout answers must not tell whether
 * an address has an account, and the purchases join an account only once it proves the email
 * (`buyerAccountIds` in api/accounts/users.repository.ts).
 */
export async function guestAccountFor(
  db: Queryable,
  guest: { email: string; fullname: string; country: string },
): Promise<{ userId: number; anonymous: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await db.maybeOne(sql.type(accountRow)`
      select id, anonymous from users where email = ${guest.email}::citext and anonymous`);
    if (existing) return { userId: existing.id, anonymous: existing.anonymous };
    // The name is never shown (guests are not authors) but must be unique.
    const handle = `guest-${randomBytes(8).toString('hex')}`;
    const created = await db.maybeOne(sql.type(accountRow)`
      insert into users (url, username, email, anonymous, password_hash, fullname, country)
      values (${handle}, ${handle}, ${guest.email}, true, null, ${guest.fullname}, ${guest.country})
      on conflict do nothing
      returning id, anonymous`);
    if (created) return { userId: created.id, anonymous: true };
    // Another checkout with the same email created it a moment ago: read it on the next pass.
  }
  throw new Error(`No account could be found or made for a guest order (${guest.email}).`);
}
