import { createHash } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import type { FileStorage } from '../../infra/storage/file-storage';

/** One entry of a skin's version history, newest first when listed. */
export type SkinVersionRow = {
  skin_id: number;
  version: number;
  file_id: string;
  file_name: string;
  size_bytes: number;
  content_sha256: string | null;
  changelog: string | null;
  published_at: number;
};

const versionRow = z.object({
  skin_id: z.number(),
  version: z.number(),
  file_id: z.string(),
  file_name: z.string(),
  size_bytes: z.number(),
  content_sha256: z.string().nullable(),
  changelog: z.string().nullable(),
  published_at: z.number(),
});

const currentSourceRow = z.object({
  skin_id: z.number(),
  filename: z.string(),
  original_name: z.string().nullable(),
  size_bytes: z.number().nullable(),
  created_at: z.number(),
});

/**
 * The version histories of these skins, newest first: the rows of the skin-versions read model, and
 * for a skin without any, version 1 read from the skin itself (its current file, released when the
 * skin was created). Skins without a file have no history.
 */
export async function versionsOfSkins(
  db: Queryable,
  skinIds: readonly number[],
): Promise<Map<number, SkinVersionRow[]>> {
  const ids = sql.array([...skinIds], 'int8');
  const rows = await db.any(sql.type(versionRow)`
    select skin_id, version, file_id, file_name, size_bytes, content_sha256, changelog, published_at
    from skin_versions where skin_id = any(${ids})
    union all
    select s.id, 1, r.filename, coalesce(r.original_name, r.filename), coalesce(r.size_bytes, 0), null, null, s.created_at
    from skins s
    join lateral (
      select filename, original_name, size_bytes from resources
      where skin_id = s.id and type = 'SKIN_SOURCE' order by position, id desc limit 1
    ) r on true
    where s.id = any(${ids}) and not exists (select 1 from skin_versions v where v.skin_id = s.id)
    order by skin_id, version desc`);
  const bySkin = new Map<number, SkinVersionRow[]>(skinIds.map((id) => [id, []]));
  for (const row of rows) bySkin.get(row.skin_id)?.push(row);
  return bySkin;
}

/** One version of a skin (the history's rule for version 1 included), or null. */
export async function versionOfSkin(
  db: Queryable,
  skinId: number,
  version: number,
): Promise<SkinVersionRow | null> {
  const history = (await versionsOfSkins(db, [skinId])).get(skinId) ?? [];
  return history.find((row) => row.version === version) ?? null;
}

/** The file people download for the skin today: its SKIN_SOURCE resource. */
export async function currentSourceOf(db: Queryable, skinId: number) {
  return db.maybeOne(sql.type(currentSourceRow)`
    select r.skin_id, r.filename, r.original_name, r.size_bytes, s.created_at
    from resources r join skins s on s.id = r.skin_id
    where r.skin_id = ${skinId} and r.type = 'SKIN_SOURCE' order by r.position, r.id desc limit 1`);
}

/** The stored names among `names` that a skin's version history keeps: they are never removed. */
export async function filesKeptByVersions(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const kept = await db.anyFirst(sql.type(z.object({ file_id: z.string() }))`
    select distinct file_id from skin_versions where file_id = any(${sql.array([...names], 'text')})`);
  return new Set(kept);
}

/** The hash a version row recorded for this stored file, if any. */
export async function recordedHashOf(db: Queryable, fileId: string): Promise<string | null> {
  const hash = await db.maybeOneFirst(sql.type(z.object({ content_sha256: z.string().nullable() }))`
    select content_sha256 from skin_versions where file_id = ${fileId} and content_sha256 is not null limit 1`);
  return hash ?? null;
}

/** Hex SHA-256 of a private stored file, or null when it is missing. */
export async function sha256OfStoredFile(storage: FileStorage, name: string): Promise<string | null> {
  const file = await storage.open('private', name);
  if (!file) return null;
  const hash = createHash('sha256');
  for await (const chunk of file.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
