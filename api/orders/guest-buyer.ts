import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

const accountRow = z.object({ id: z.number(), anonymous: z.boolean() });

/**
 * The account a guest's order belongs to: the users row of the email given. A new address gets an
 * anonymous row (no password, no login, left out of the admin's user list); when its owner later
 * registers with that email, the registration turns this row into their account
 * (`registerUser`), so every purchase made with it is in their collection. An address that already
 * has an account gets the order in that account: the mail with the links goes to that address anyway.
 */
export async function guestAccountFor(
  db: Queryable,
  guest: { email: string; fullname: string; country: string },
): Promise<{ userId: number; anonymous: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await db.maybeOne(sql.type(accountRow)`
      select id, anonymous from users where email = ${guest.email}::citext`);
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
