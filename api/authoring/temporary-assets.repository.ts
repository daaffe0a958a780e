import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

export type AssetType = 'IMAGE' | 'SKIN_SOURCE';

export const temporaryAssetRow = z.object({
  id: z.number(),
  owner_id: z.number(),
  type: z.enum(['IMAGE', 'SKIN_SOURCE']),
  filename: z.string(),
  original_name: z.string(),
  size_bytes: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type TemporaryAssetRow = z.infer<typeof temporaryAssetRow>;

const columns = sql.fragment`id, owner_id, type, filename, original_name, size_bytes, width, height`;

export async function insertTemporaryAsset(
  db: Queryable,
  asset: {
    ownerId: number;
    type: AssetType;
    filename: string;
    originalName: string;
    sizeBytes: number;
    width?: number | null;
    height?: number | null;
    createdAt: Date;
  },
): Promise<number> {
  return db.oneFirst(sql.type(z.object({ id: z.number() }))`
    insert into temporary_assets (owner_id, type, filename, original_name, size_bytes, width, height, created_at)
    values (${asset.ownerId}, ${asset.type}, ${asset.filename}, ${asset.originalName}, ${asset.sizeBytes},
            ${asset.width ?? null}, ${asset.height ?? null}, ${asset.createdAt.toISOString()})
    returning id`);
}

/**
 * Takes the owner's uploads out of the waiting list inside the caller's transaction (the files now
 * belong to the resource the caller inserts). Ids of other users' or expired uploads are simply
 * missing from the answer. The row lock also settles a race with the cleanup job: whichever
 * deletes first wins, the other sees nothing.
 */
export async function takeTemporaryAssets(
  tx: Queryable,
  ids: readonly number[],
  ownerId: number,
): Promise<TemporaryAssetRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx.any(sql.type(temporaryAssetRow)`
    delete from temporary_assets
    where id = any(${sql.array([...ids], 'int8')}) and owner_id = ${ownerId}
    returning ${columns}`);
  return [...rows];
}

/** Removes the rows of uploads made before `cutoff` and returns them, so their files can go too. */
export async function deleteTemporaryAssetsCreatedBefore(
  db: Queryable,
  cutoff: Date,
): Promise<TemporaryAssetRow[]> {
  const rows = await db.any(sql.type(temporaryAssetRow)`
    delete from temporary_assets where created_at < ${cutoff.toISOString()} returning ${columns}`);
  return [...rows];
}
