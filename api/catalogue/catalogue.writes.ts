import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { verifiedBundleReviewer, verifiedReviewer } from './verified-reviews';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

/** The slug of a skin or bundle page: the title, lowercased, accents dropped, words joined by dashes. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70);
  return slug || 'skin';
}

async function freeSlug(db: Queryable, table: 'skins' | 'bundles', base: string): Promise<string> {
  const taken = await db.anyFirst(sql.type(z.object({ url: z.string() }))`
    select url::text as url from ${sql.identifier([table])}
    where url = ${base}::citext or url::text like ${`${base}-%`}`);
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}

export type NewSkin = {
  /** An id taken beforehand (`nextItemId`, api/catalogue/catalogue-facts.ts); the next one when absent. */
  id?: number;
  authorId: number;
  title: string;
  description: string;
  game: string;
  priceCents: number;
  availableAlone?: boolean;
  videoUrl?: string | null;
  colorPrimary?: string | null;
  colorSecondary?: string | null;
  published?: boolean;
  createdAt?: Date;
};

const insertedItem = z.object({ id: z.number(), url: z.string() });

/** The id given, or the table's next one. */
const idOrNext = (table: 'skins' | 'bundles', id: number | undefined) =>
  id === undefined ? sql.fragment`nextval(pg_get_serial_sequence(${table}, 'id'))` : sql.fragment`${id}`;

/**
 * Inserts under the first free slug. Two saves of the same title at once both find the same slug
 * free: the later insert waits for the earlier one, skips the taken slug (`on conflict do nothing`,
 * which leaves the transaction usable) and tries the next one.
 */
async function insertWithFreeSlug(
  db: Queryable,
  table: 'skins' | 'bundles',
  title: string,
  insert: (url: string) => Promise<{ id: number; url: string } | null>,
): Promise<{ id: number; url: string }> {
  const base = slugOf(title);
  for (let attempt = 0; attempt < 10; attempt++) {
    const inserted = await insert(await freeSlug(db, table, base));
    if (inserted) return inserted;
  }
  // Only under a storm of equal titles: a random suffix cannot collide in practice.
  const inserted = await insert(`${base}-${randomBytes(4).toString('hex')}`);
  if (!inserted) throw new Error(`No free slug for ${table} "${base}"`);
  return inserted;
}

/** Inserts a skin with a free slug made from its title; returns its id and url. */
export async function insertSkin(db: Queryable, skin: NewSkin): Promise<{ id: number; url: string }> {
  const createdAt = (skin.createdAt ?? new Date()).toISOString();
  return insertWithFreeSlug(db, 'skins', skin.title, (url) =>
    db.maybeOne(sql.type(insertedItem)`
      insert into skins (id, url, author_id, title, description, game, price_cents, available_alone, video_url,
                         color_primary, color_secondary, published, created_at, modified_at)
      overriding system value
      values (${idOrNext('skins', skin.id)}, ${url}, ${skin.authorId}, ${skin.title}, ${skin.description}, ${skin.game}, ${skin.priceCents},
              ${skin.availableAlone ?? true}, ${skin.videoUrl ?? null}, ${skin.colorPrimary ?? null},
              ${skin.colorSecondary ?? null}, ${skin.published ?? true}, ${createdAt}, ${createdAt})
      on conflict (url) do nothing
      returning id, url::text as url`),
  );
}

export type NewResource = {
  skinId?: number;
  bundleId?: number;
  type: 'IMAGE' | 'SKIN_SOURCE';
  filename: string;
  originalName?: string | null;
  position: number;
  sizeBytes?: number | null;
  width?: number | null;
  height?: number | null;
};

export async function insertResource(db: Queryable, resource: NewResource): Promise<number> {
  return db.oneFirst(sql.type(z.object({ id: z.number() }))`
    insert into resources (skin_id, bundle_id, type, filename, original_name, position, size_bytes, width, height)
    values (${resource.skinId ?? null}, ${resource.bundleId ?? null}, ${resource.type}, ${resource.filename},
            ${resource.originalName ?? null}, ${resource.position}, ${resource.sizeBytes ?? null},
            ${resource.width ?? null}, ${resource.height ?? null})
    returning id`);
}

/** Links skins as color variations of each other, both ways, every pair of the group. */
export async function linkColorVariations(db: Queryable, skinIds: readonly number[]): Promise<void> {
  const unique = [...new Set(skinIds)];
  if (unique.length < 2) return;
  await db.query(sql.unsafe`
    insert into skin_color_variations (skin_id, variation_id)
    select a, b from unnest(${sql.array(unique, 'int8')}) a, unnest(${sql.array(unique, 'int8')}) b
    where a <> b on conflict do nothing`);
}

export type NewBundle = Omit<NewSkin, 'availableAlone' | 'colorPrimary' | 'colorSecondary'> & {
  skinIds: number[];
};

export async function insertBundle(db: Queryable, bundle: NewBundle): Promise<{ id: number; url: string }> {
  const createdAt = (bundle.createdAt ?? new Date()).toISOString();
  const row = await insertWithFreeSlug(db, 'bundles', bundle.title, (url) =>
    db.maybeOne(sql.type(insertedItem)`
      insert into bundles (id, url, author_id, title, description, game, price_cents, video_url, published, created_at, modified_at)
      overriding system value
      values (${idOrNext('bundles', bundle.id)}, ${url}, ${bundle.authorId}, ${bundle.title}, ${bundle.description}, ${bundle.game}, ${bundle.priceCents},
              ${bundle.videoUrl ?? null}, ${bundle.published ?? true}, ${createdAt}, ${createdAt})
      on conflict (url) do nothing
      returning id, url::text as url`),
  );
  await setBundleSkins(db, row.id, bundle.skinIds);
  return row;
}

/** The bundle's skins, in the order given (replacing any it had). */
export async function setBundleSkins(
  db: Queryable,
  bundleId: number,
  skinIds: readonly number[],
): Promise<void> {
  await db.query(sql.unsafe`delete from bundle_skins where bundle_id = ${bundleId}`);
  await db.query(sql.unsafe`
    insert into bundle_skins (bundle_id, skin_id, position)
    select ${bundleId}, skin_id, position::int - 1
    from unnest(${sql.array([...skinIds], 'int8')}) with ordinality as x(skin_id, position)`);
}

export async function insertComment(
  db: Queryable,
  comment: { skinId?: number; bundleId?: number; userId: number; text: string; createdAt?: Date },
): Promise<number> {
  // Whether the writer owned or downloaded the item then is recorded with the comment (verified reviews).
  const verified = comment.skinId
    ? verifiedReviewer(comment.userId, sql.fragment`${comment.skinId}::bigint`)
    : comment.bundleId
      ? verifiedBundleReviewer(comment.userId, sql.fragment`${comment.bundleId}::bigint`)
      : sql.fragment`false`;
  return db.oneFirst(sql.type(z.object({ id: z.number() }))`
    insert into comments (skin_id, bundle_id, user_id, text, created_at, verified)
    values (${comment.skinId ?? null}, ${comment.bundleId ?? null}, ${comment.userId}, ${comment.text},
            ${(comment.createdAt ?? new Date()).toISOString()}, ${verified})
    returning id`);
}
