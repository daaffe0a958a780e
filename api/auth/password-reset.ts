import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

const CODE_LIFETIME_MS = 60 * 60 * 1000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new single-use code; only its hash is stored. */
export async function createResetCode(db: Queryable, userId: number, now: Date): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db.query(sql.unsafe`
    insert into password_reset_codes (code_hash, user_id, expires_at)
    values (${hashOf(code)}, ${userId}, ${new Date(now.getTime() + CODE_LIFETIME_MS).toISOString()})`);
  return code;
}

export type CodeCheck = { status: 'valid'; userId: number } | { status: 'unknown' | 'expired' | 'used' };

/** Marks the code used (and the user's other codes expired) if it is valid; says why not otherwise. */
export async function consumeResetCode(db: Queryable, code: string, now: Date): Promise<CodeCheck> {
  const row = await db.maybeOne(
    sql.type(
      z.object({ user_id: z.number(), expires_at: z.number(), used_at: z.number().nullable() }),
    )`select user_id, expires_at, used_at from password_reset_codes where code_hash = ${hashOf(code)} for update`,
  );
  if (!row) return { status: 'unknown' };
  if (row.used_at !== null) return { status: 'used' };
  if (row.expires_at <= now.getTime()) return { status: 'expired' };
  await db.query(sql.unsafe`
    update password_reset_codes
    set used_at = case when code_hash = ${hashOf(code)} then ${now.toISOString()}::timestamptz else used_at end,
        expires_at = case when code_hash = ${hashOf(code)} then expires_at else least(expires_at, ${now.toISOString()}::timestamptz) end
    where user_id = ${row.user_id} and used_at is null`);
  return { status: 'valid', userId: row.user_id };
}
