import { sql } from 'slonik';
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

/** Inserts a skin with a free slug made from its title; returns its id and url. */
export async function insertSkin(db: Queryable, skin: NewSkin): Promise<{ id: number; url: string }> {
  const url = await freeSlug(db, 'skins', slugOf(skin.title));
  const createdAt = (skin.createdAt ?? new Date()).toISOString();
  return db.one(sql.type(z.object({ id: z.number(), url: z.string() }))`
    insert into skins (url, author_id, title, description, game, price_cents, available_alone, video_url,
                       color_primary, color_secondary, published, created_at, modified_at)
    values (${url}, ${skin.authorId}, ${skin.title}, ${skin.description}, ${skin.game}, ${skin.priceCents},
            ${skin.availableAlone ?? true}, ${skin.videoUrl ?? null}, ${skin.colorPrimary ?? null},
            ${skin.colorSecondary ?? null}, ${skin.published ?? true}, ${createdAt}, ${createdAt})
    returning id, url::text as url`);
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
  const url = await freeSlug(db, 'bundles', slugOf(bundle.title));
  const createdAt = (bundle.createdAt ?? new Date()).toISOString();
  const row = await db.one(sql.type(z.object({ id: z.number(), url: z.string() }))`
    insert into bundles (url, author_id, title, description, game, price_cents, video_url, published, created_at, modified_at)
    values (${url}, ${bundle.authorId}, ${bundle.title}, ${bundle.description}, ${bundle.game}, ${bundle.priceCents},
            ${bundle.videoUrl ?? null}, ${bundle.published ?? true}, ${createdAt}, ${createdAt})
    returning id, url::text as url`);
  await db.query(sql.unsafe`
    insert into bundle_skins (bundle_id, skin_id, position)
    select ${row.id}, skin_id, position::int - 1
    from unnest(${sql.array(bundle.skinIds, 'int8')}) with ordinality as x(skin_id, position)`);
  return row;
}

export async function insertComment(
  db: Queryable,
  comment: { skinId?: number; bundleId?: number; userId: number; text: string; createdAt?: Date },
): Promise<number> {
  return db.oneFirst(sql.type(z.object({ id: z.number() }))`
    insert into comments (skin_id, bundle_id, user_id, text, created_at)
    values (${comment.skinId ?? null}, ${comment.bundleId ?? null}, ${comment.userId}, ${comment.text},
            ${(comment.createdAt ?? new Date()).toISOString()})
    returning id`);
}
