import { createHash } from 'node:crypto';
import { sql, UniqueIntegrityConstraintViolationError } from 'slonik';
import { z } from 'zod';
import { usernameLookalikeKey } from '../../domain/accounts/username';
import type { Queryable } from '../../infra/db/pool';
import type { SessionClaims } from '../../infra/auth/session-tokens';

export const userRow = z.object({
  id: z.number(),
  url: z.string(),
  username: z.string(),
  email: z.string(),
  password_hash: z.string().nullable(),
  anonymous: z.boolean(),
  roles: z.array(z.string()),
  fullname: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  subscribed_to_news: z.boolean(),
  avatar_filename: z.string().nullable(),
  description: z.string().nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  twitch: z.string().nullable(),
  discord: z.string().nullable(),
  facebook: z.string().nullable(),
  website: z.string().nullable(),
  payout_method: z.enum(['PAYPAL', 'BANK_TRANSFER']).nullable(),
  paypal_account: z.string().nullable(),
  bank_account_iban: z.string().nullable(),
  bank_account_bic: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  created_at: z.number(),
  modified_at: z.number(),
  email_verified_at: z.number().nullable(),
  session_version: z.number(),
  /** An admin blocked the account (docs/moderation.md): it cannot sign in. */
  blocked: z.boolean(),
  /** The account was deleted (docs/account-deletion.md): no sign-in, shown as "deleted user". */
  deleted_at: z.number().nullable(),
});
export type UserRow = z.infer<typeof userRow>;

export const userColumns = sql.fragment`
  id, url::text as url, username::text as username, email::text as email, password_hash, anonymous, roles,
  fullname, country, language, subscribed_to_news, avatar_filename, description, twitter, instagram, twitch,
  discord, facebook, website, payout_method, paypal_account, bank_account_iban, bank_account_bic, street, city,
  created_at, modified_at, email_verified_at, session_version, blocked, deleted_at`;

export function sessionClaimsOf(user: UserRow): SessionClaims {
  return {
    id: user.id,
    name: user.fullname ?? user.username,
    username: user.username,
    email: user.email,
    language: user.language,
    country: user.country,
    roles: user.roles,
    emailVerified: user.email_verified_at !== null,
    sv: user.session_version,
  };
}

/**
 * What a deleted account's username is kept as (migration 056): a SHA-256 of its look-alike key, so
 * the name and every look-alike of it stay refused without the name being kept readable.
 */
export function retiredUsernameHash(username: string): string {
  return createHash('sha256').update(usernameLookalikeKey(username)).digest('hex');
}

/** The slug of an author page: the username, lowercased, with anything but letters, digits, - and _ dropped. */
export function userUrlOf(username: string): string {
  const slug = username
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'author';
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`select ${userColumns} from users where id = ${id}`);
}

/** Several users at once, by id (for loaders). */
export async function usersByIds(db: Queryable, ids: readonly number[]): Promise<Map<number, UserRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.any(sql.type(userRow)`
    select ${userColumns} from users where id = any(${sql.array(unique, 'int8')})`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** A registered (not guest) user by username or email, regardless of case. */
export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`
    select ${userColumns} from users
    where not anonymous and deleted_at is null and (username = ${login}::citext or email = ${login}::citext)
    limit 1`);
}

/** The registered account of an email (a guest row of the same email is not an account). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  return db.maybeOne(
    sql.type(userRow)`
      select ${userColumns} from users where email = ${email}::citext and not anonymous and deleted_at is null`,
  );
}

/** The session version of an account that may sign in, or null (no such account, a guest row, blocked, deleted). */
export async function sessionVersionOf(db: Queryable, userId: number): Promise<number | null> {
  return db.maybeOneFirst(sql.type(z.object({ session_version: z.number() }))`
    select session_version from users
    where id = ${userId} and not anonymous and not blocked and deleted_at is null`);
}

/** Whether the account is blocked by an admin (docs/moderation.md, "What a block stops"). */
export async function isBlocked(db: Queryable, userId: number): Promise<boolean> {
  const blocked = await db.maybeOneFirst(
    sql.type(z.object({ blocked: z.boolean() }))`select blocked from users where id = ${userId}`,
  );
  return blocked === true;
}

/** Ends every session of the account signed so far ("sign out everywhere"). */
export async function endAllSessions(db: Queryable, userId: number): Promise<void> {
  await db.query(sql.unsafe`update users set session_version = session_version + 1 where id = ${userId}`);
}

/**
 * The accounts whose purchases `userId` sees as its own: itself and, once its email is proven,
 * the guest row of that email (what was bought at checkout without an account). A subquery for
 * `user_id in (...)`: the link is read when asked, so a guest purchase made after the
 * verification joins at once and nothing joins before it.
 */
export function buyerAccountIds(userId: number) {
  return sql.fragment`(
    select ${userId}::bigint
    union all
    select guest.id from users account
    join users guest on guest.email = account.email and guest.anonymous
    where account.id = ${userId} and not account.anonymous and account.email_verified_at is not null)`;
}

export type NewUser = {
  username: string;
  email: string;
  passwordHash: string;
  country: string;
  subscribedToNews: boolean;
  roles?: string[];
  /** Only for accounts made by the operators (the demo): a registration proves its email by the mailed link. */
  emailVerified?: boolean;
};

/**
 * Creates the account as a new row. A guest row of the same email (made by a purchase,
 * api/orders/guest-buyer.ts) stays as it is: its purchases, name and downloads join the account
 * only once the account proves the email (`buyerAccountIds`). Returns `taken` when the username
 * or the email belongs to someone registered.
 */
export async function registerUser(
  db: Queryable,
  user: NewUser,
): Promise<{ user: UserRow } | { taken: 'username' | 'lookalike' | 'email' }> {
  // A name that reads as an existing one ("adrnin" for "admin") counts as taken (docs/security.md),
  // and so does a deleted account's name or a look-alike of it (docs/account-deletion.md).
  const key = usernameLookalikeKey(user.username);
  const retired = await db.maybeOneFirst(sql.type(z.object({ one: z.number() }))`
    select 1 as one from retired_username_keys where key_hash = ${retiredUsernameHash(user.username)}`);
  if (retired !== null) return { taken: 'username' };
  const clash = await db.one(sql.type(
    z.object({ username_taken: z.boolean(), lookalike_taken: z.boolean(), email_taken: z.boolean() }),
  )`
    select coalesce(bool_or(username = ${user.username}::citext), false) as username_taken,
           coalesce(bool_or(username_key = ${key}), false) as lookalike_taken,
           coalesce(bool_or(email = ${user.email}::citext and not anonymous), false) as email_taken
    from users
    where username = ${user.username}::citext or username_key = ${key} or email = ${user.email}::citext`);
  if (clash.email_taken) return { taken: 'email' };
  if (clash.username_taken) return { taken: 'username' };
  if (clash.lookalike_taken) return { taken: 'lookalike' };
  const url = await freeUrl(db, userUrlOf(user.username));
  const roles = sql.array(user.roles ?? ['regular'], 'text');
  const verifiedAt = user.emailVerified ? sql.fragment`now()` : sql.fragment`null`;
  const row = await db.maybeOne(sql.type(userRow)`
    insert into users (url, username, username_key, email, password_hash, country, subscribed_to_news, roles, email_verified_at)
    values (${url}, ${user.username}, ${key}, ${user.email}, ${user.passwordHash}, ${user.country},
            ${user.subscribedToNews}, ${roles}, ${verifiedAt})
    on conflict (email) where not anonymous do nothing
    returning ${userColumns}`);
  // A registration racing this one took the email between the check and the insert (a username
  // or a look-alike taken meanwhile throws the unique violation the caller answers).
  return row ? { user: row } : { taken: 'email' };
}

/**
 * Gives accounts registered before migration 040 their look-alike key, at start-up. Of accounts
 * that already look alike, the oldest gets the key and the others keep none: they stay as they
 * are, and the key still refuses any new name like them.
 */
export async function backfillUsernameKeys(db: Queryable): Promise<number> {
  const rows = await db.any(sql.type(z.object({ id: z.number(), username: z.string() }))`
    select id, username::text as username from users
    where username_key is null and not anonymous order by id`);
  let filled = 0;
  for (const row of rows) {
    const key = usernameLookalikeKey(row.username);
    const updated = await db
      .query(
        sql.unsafe`
          update users set username_key = ${key}
          where id = ${row.id} and username_key is null
            and not exists (select 1 from users other where other.username_key = ${key})`,
      )
      // Another instance starting at the same time gave the key to a look-alike first.
      .catch((error: unknown) => {
        if (error instanceof UniqueIntegrityConstraintViolationError) return { rowCount: 0 };
        throw error;
      });
    filled += updated.rowCount;
  }
  return filled;
}

/** How many paid orders the guest row of this email holds: what joins an account that proves it. */
export async function paidGuestOrdersOf(db: Queryable, email: string): Promise<number> {
  return db.oneFirst(sql.type(z.object({ count: z.number() }))`
    select count(*)::int as count from orders o
    join users guest on guest.id = o.buyer_user_id and guest.anonymous
    where guest.email = ${email}::citext and o.status = 'PAYMENT_RECEIVED'`);
}

/** Marks the account's email proven, if it is still the email given; false when it is not. */
export async function markEmailVerified(db: Queryable, userId: number, email: string): Promise<boolean> {
  const updated = await db.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
    update users set email_verified_at = coalesce(email_verified_at, now())
    where id = ${userId} and email = ${email}::citext and not anonymous
    returning id`);
  return updated !== null;
}

async function freeUrl(db: Queryable, base: string): Promise<string> {
  const taken = await db.anyFirst(sql.type(z.object({ url: z.string() }))`
    select url::text as url from users where url = ${base}::citext or url::text like ${`${base}-%`}`);
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}

export async function setPassword(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query(
    sql.unsafe`update users set password_hash = ${passwordHash}, modified_at = now() where id = ${userId}`,
  );
}

/** Profile columns a user may change themselves, by API field name. */
export const profileColumns = {
  fullname: 'fullname',
  country: 'country',
  language: 'language',
  subscribedToNews: 'subscribed_to_news',
  description: 'description',
  twitter: 'twitter',
  instagram: 'instagram',
  twitch: 'twitch',
  discord: 'discord',
  facebook: 'facebook',
  website: 'website',
  payoutMethod: 'payout_method',
  paypalAccount: 'paypal_account',
  bankAccountIban: 'bank_account_iban',
  bankAccountBic: 'bank_account_bic',
  street: 'street',
  city: 'city',
  avatarFilename: 'avatar_filename',
} as const;

export type ProfileChanges = Partial<Record<keyof typeof profileColumns, string | boolean | null>>;

export async function updateProfile(
  db: Queryable,
  userId: number,
  changes: ProfileChanges,
): Promise<UserRow> {
  const assignments = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(
      ([field, value]) =>
        sql.fragment`${sql.identifier([profileColumns[field as keyof typeof profileColumns]])} = ${value ?? null}`,
    );
  return db.one(sql.type(userRow)`
    update users set ${sql.join([...assignments, sql.fragment`modified_at = now()`], sql.fragment`, `)}
    where id = ${userId} returning ${userColumns}`);
}

export async function listUsers(
  db: Queryable,
  options: {
    search: string | null;
    includeAnonymous: boolean;
    /** Only blocked (true) or only unblocked (false) accounts; null for both. */
    blocked: boolean | null;
    page: number;
    size: number;
  },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions = [
    options.includeAnonymous ? sql.fragment`true` : sql.fragment`not anonymous`,
    // Deleted accounts are in the admins' log of deletions (accountDeletions), not among the users.
    sql.fragment`deleted_at is null`,
    options.blocked === null ? sql.fragment`true` : sql.fragment`blocked = ${options.blocked}`,
    options.search
      ? sql.fragment`(username::text || ' ' || email::text) ilike ${`%${options.search.replace(/[\\%_]/g, '\\$&')}%`}`
      : sql.fragment`true`,
  ];
  const where = sql.join(conditions, sql.fragment` and `);
  const [rows, total] = await Promise.all([
    db.any(sql.type(userRow)`
      select ${userColumns} from users where ${where}
      order by created_at desc, id desc limit ${options.size} offset ${options.page * options.size}`),
    db.oneFirst(
      sql.type(z.object({ total: z.number() }))`select count(*)::int as total from users where ${where}`,
    ),
  ]);
  return { rows: [...rows], total };
}

/** How many skins the user created (hidden ones too), and how many of them are priced. */
export async function authorStatsOf(
  db: Queryable,
  userId: number,
): Promise<{ skins: number; paidSkins: number }> {
  return db.one(sql.type(z.object({ skins: z.number(), paidSkins: z.number() }))`
    select count(*)::int as skins, count(*) filter (where price_cents > 0)::int as "paidSkins"
    from skins where author_id = ${userId} and deleted_at is null`);
}
