import { sql } from 'slonik';
import { z } from 'zod';
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
});
export type UserRow = z.infer<typeof userRow>;

export const userColumns = sql.fragment`
  id, url::text as url, username::text as username, email::text as email, password_hash, anonymous, roles,
  fullname, country, language, subscribed_to_news, avatar_filename, description, twitter, instagram, twitch,
  discord, facebook, website, payout_method, paypal_account, bank_account_iban, bank_account_bic, street, city,
  created_at, modified_at`;

export function sessionClaimsOf(user: UserRow): SessionClaims {
  return {
    id: user.id,
    name: user.fullname ?? user.username,
    username: user.username,
    email: user.email,
    language: user.language,
    country: user.country,
    roles: user.roles,
  };
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
    where not anonymous and (username = ${login}::citext or email = ${login}::citext)
    limit 1`);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`select ${userColumns} from users where email = ${email}::citext`);
}

export type NewUser = {
  username: string;
  email: string;
  passwordHash: string;
  country: string;
  subscribedToNews: boolean;
  roles?: string[];
};

/**
 * Creates the account, or turns the guest account of the same email (made by a purchase,
 * api/orders/guest-buyer.ts) into it: the row keeps its id, so the orders and everything they
 * granted join the new account (`joinedGuest`). Returns `taken` when the username or the email
 * belongs to someone registered.
 */
export async function registerUser(
  db: Queryable,
  user: NewUser,
): Promise<{ user: UserRow; joinedGuest: boolean } | { taken: 'username' | 'email' }> {
  const clash = await db.one(sql.type(
    z.object({ username_taken: z.boolean(), email_taken: z.boolean(), guest: z.boolean() }),
  )`
    select coalesce(bool_or(username = ${user.username}::citext), false) as username_taken,
           coalesce(bool_or(email = ${user.email}::citext and not anonymous), false) as email_taken,
           coalesce(bool_or(email = ${user.email}::citext and anonymous), false) as guest
    from users where username = ${user.username}::citext or email = ${user.email}::citext`);
  if (clash.email_taken) return { taken: 'email' };
  if (clash.username_taken) return { taken: 'username' };
  const url = await freeUrl(db, userUrlOf(user.username));
  const roles = sql.array(user.roles ?? ['regular'], 'text');
  const row = await db.maybeOne(sql.type(userRow)`
    insert into users (url, username, email, password_hash, country, subscribed_to_news, roles)
    values (${url}, ${user.username}, ${user.email}, ${user.passwordHash}, ${user.country}, ${user.subscribedToNews}, ${roles})
    on conflict (email) do update set
      url = excluded.url, username = excluded.username, password_hash = excluded.password_hash,
      country = excluded.country, subscribed_to_news = excluded.subscribed_to_news, roles = excluded.roles,
      -- The account starts now; the guest row only held the purchases.
      anonymous = false, created_at = now(), modified_at = now()
    where users.anonymous
    returning ${userColumns}`);
  // A registration racing this one took the email or the username between the check and the insert.
  return row ? { user: row, joinedGuest: clash.guest } : { taken: 'email' };
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
  options: { search: string | null; includeAnonymous: boolean; page: number; size: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions = [
    options.includeAnonymous ? sql.fragment`true` : sql.fragment`not anonymous`,
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
