import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import type { UploadsConfig } from '../../infra/config';
import type { DatabasePool } from '../../infra/db/pool';
import { insertTemporaryAsset } from './temporary-assets.repository';

/**
 * The two per-user upload limits (docs/authoring.md, "Upload limits"):
 * - UPLOAD_QUOTA_FULL: the user's uploads that no saved skin or bundle uses yet hold at most
 *   `temporaryQuotaBytes` together (they are removed after a day when not used);
 * - DAILY_UPLOAD_LIMIT: at most `dailyBudgetBytes` arrive from one user in a UTC day, counted when
 *   the bytes have been read, whether the file is then kept or refused.
 */
export type QuotaRefusal = { code: 'UPLOAD_QUOTA_FULL' | 'DAILY_UPLOAD_LIMIT'; detail: string };

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(Math.ceil((bytes / MB) * 10) / 10).toLocaleString('en')} MB`;

export const quotaMessages = {
  full: (used: number, quota: number) =>
    `Your uploads waiting to be saved hold ${megabytes(used)} of the ${megabytes(quota)} you may keep unsaved. ` +
    'Save your skin or bundle first; uploads that are never used are removed after a day.',
  daily: (used: number, budget: number) =>
    `You have uploaded ${megabytes(used)} today, and the limit is ${megabytes(budget)} a day. ` +
    'Try again tomorrow (the day changes at midnight UTC).',
};

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

async function unsavedBytes(db: Queryable, userId: number): Promise<number> {
  return db.oneFirst(sql.type(z.object({ bytes: z.number() }))`
    select coalesce(sum(size_bytes), 0)::float8 as bytes from temporary_assets where owner_id = ${userId}`);
}

async function bytesToday(db: Queryable, userId: number, now: Date): Promise<number> {
  const bytes = await db.maybeOneFirst(sql.type(z.object({ bytes: z.number() }))`
    select bytes::float8 as bytes from upload_usage_daily where user_id = ${userId} and day = ${dayOf(now)}`);
  return bytes ?? 0;
}

/**
 * A cheap look before a body is read, by its declared length: refuses what would certainly not
 * fit, so that the bytes need not be received at all. Not a guarantee (see the two calls below).
 */
export async function uploadWouldExceed(
  db: Queryable,
  limits: UploadsConfig,
  userId: number,
  bytes: number,
  now: Date,
): Promise<QuotaRefusal | null> {
  const [unsaved, today] = await Promise.all([unsavedBytes(db, userId), bytesToday(db, userId, now)]);
  if (today + bytes > limits.dailyBudgetBytes)
    return { code: 'DAILY_UPLOAD_LIMIT', detail: quotaMessages.daily(today, limits.dailyBudgetBytes) };
  if (unsaved + bytes > limits.temporaryQuotaBytes)
    return { code: 'UPLOAD_QUOTA_FULL', detail: quotaMessages.full(unsaved, limits.temporaryQuotaBytes) };
  return null;
}

/** Counts `bytes` against today's budget in one statement, or refuses when they do not fit. */
export async function chargeDailyBudget(
  db: Queryable,
  limits: UploadsConfig,
  userId: number,
  bytes: number,
  now: Date,
): Promise<QuotaRefusal | null> {
  const charged =
    bytes > limits.dailyBudgetBytes
      ? null
      : await db.maybeOneFirst(sql.type(z.object({ bytes: z.number() }))`
          insert into upload_usage_daily as usage (user_id, day, bytes)
          values (${userId}, ${dayOf(now)}, ${bytes})
          on conflict (user_id, day) do update set bytes = usage.bytes + excluded.bytes
            where usage.bytes + excluded.bytes <= ${limits.dailyBudgetBytes}
          returning bytes::float8 as bytes`);
  if (charged !== null) return null;
  const today = await bytesToday(db, userId, now);
  return { code: 'DAILY_UPLOAD_LIMIT', detail: quotaMessages.daily(today, limits.dailyBudgetBytes) };
}

/**
 * Records a stored upload when the user's unsaved uploads still fit the quota with it. One user's
 * uploads are recorded one at a time (a transaction lock per user), so uploads sent together
 * cannot each see room that only one of them has. Returns the new upload's id, or the refusal.
 */
export async function insertTemporaryAssetWithinQuota(
  pool: DatabasePool,
  limits: UploadsConfig,
  asset: Parameters<typeof insertTemporaryAsset>[1],
): Promise<{ id: number } | QuotaRefusal> {
  return pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`
      select pg_advisory_xact_lock(hashtextextended(${`temporary-upload-quota/${asset.ownerId}`}, 0))`);
    const unsaved = await unsavedBytes(tx, asset.ownerId);
    if (unsaved + asset.sizeBytes > limits.temporaryQuotaBytes)
      return { code: 'UPLOAD_QUOTA_FULL', detail: quotaMessages.full(unsaved, limits.temporaryQuotaBytes) };
    return { id: await insertTemporaryAsset(tx, asset) };
  });
}

/** Drops the daily byte counts of the UTC days before `cutoff`'s. */
export async function forgetUploadUsageBefore(db: Queryable, cutoff: Date): Promise<void> {
  await db.query(sql.unsafe`delete from upload_usage_daily where day < ${dayOf(cutoff)}::date`);
}
