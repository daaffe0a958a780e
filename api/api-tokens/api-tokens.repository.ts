import { sql } from 'slonik';
import { z } from 'zod';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../../domain/api-tokens/api-token.schemas';
import type { Queryable } from '../../infra/db/pool';

const scopeList = z.array(z.string()).transform((scopes) =>
  // A scope a later version dropped is ignored rather than failing the token's every use.
  scopes.filter((scope): scope is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(scope)),
);

export const apiTokenRow = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: scopeList,
  created_at: z.number(),
  last_used_at: z.number().nullable(),
  revoked_at: z.number().nullable(),
});
export type ApiTokenRow = z.infer<typeof apiTokenRow>;

const columns = sql.fragment`id, user_id, name, prefix, scopes, created_at, last_used_at, revoked_at`;

export async function insertApiToken(
  db: Queryable,
  token: { userId: number; name: string; prefix: string; hash: string; scopes: ApiTokenScope[]; at: Date },
): Promise<ApiTokenRow> {
  return db.one(sql.type(apiTokenRow)`
    insert into api_tokens (user_id, name, prefix, secret_hash, scopes, created_at)
    values (${token.userId}, ${token.name}, ${token.prefix}, ${token.hash},
            ${sql.array(token.scopes, 'text')}, ${token.at.toISOString()}::timestamptz)
    returning ${columns}`);
}

/** The owner's tokens, newest first, revoked ones too (they show when they were revoked). */
export async function apiTokensOf(db: Queryable, userId: number): Promise<readonly ApiTokenRow[]> {
  return db.any(sql.type(apiTokenRow)`
    select ${columns} from api_tokens where user_id = ${userId} order by created_at desc, id desc`);
}

export async function liveApiTokenCount(db: Queryable, userId: number): Promise<number> {
  return db.oneFirst(sql.type(z.object({ count: z.number() }))`
    select count(*)::int as count from api_tokens where user_id = ${userId} and revoked_at is null`);
}

/** Revokes the owner's token (once: a second call keeps the first time); null when it is not theirs. */
export async function revokeApiToken(
  db: Queryable,
  userId: number,
  tokenId: number,
  at: Date,
): Promise<ApiTokenRow | null> {
  return db.maybeOne(sql.type(apiTokenRow)`
    update api_tokens set revoked_at = coalesce(revoked_at, ${at.toISOString()}::timestamptz)
    where id = ${tokenId} and user_id = ${userId}
    returning ${columns}`);
}

const tokenOwnerRow = z.object({
  token_id: z.number(),
  scopes: scopeList,
  last_used_at: z.number().nullable(),
  id: z.number(),
  username: z.string(),
  fullname: z.string().nullable(),
  email: z.string(),
  language: z.string(),
  country: z.string().nullable(),
  roles: z.array(z.string()),
  email_verified: z.boolean(),
  session_version: z.number(),
});
export type ApiTokenOwner = z.infer<typeof tokenOwnerRow>;

/**
 * The live token with this hash and its owner as the account stands now, in one query and never
 * cached: a revoked token, or one whose owner is blocked or gone, finds nothing from that moment on.
 */
export async function liveApiTokenByHash(db: Queryable, hash: string): Promise<ApiTokenOwner | null> {
  return db.maybeOne(sql.type(tokenOwnerRow)`
    select t.id as token_id, t.scopes, t.last_used_at, u.id, u.username, u.fullname, u.email,
           u.language, u.country, u.roles, u.email_verified_at is not null as email_verified,
           u.session_version
    from api_tokens t join users u on u.id = t.user_id
    where t.secret_hash = ${hash} and t.revoked_at is null and not u.blocked and not u.anonymous
      and u.deleted_at is null`);
}

/** Records a use, unless one was recorded less than a minute before (by this instance or another). */
export async function recordApiTokenUse(db: Queryable, tokenId: number, at: Date): Promise<void> {
  await db.query(sql.unsafe`
    update api_tokens set last_used_at = ${at.toISOString()}::timestamptz
    where id = ${tokenId}
      and (last_used_at is null or last_used_at < ${at.toISOString()}::timestamptz - interval '1 minute')`);
}
