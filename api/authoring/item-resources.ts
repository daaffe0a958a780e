import { sql } from 'slonik';
import { z } from 'zod';
import type { ResourceInput } from '../../domain/catalog/item-editor.schemas';
import { DomainError } from '../../domain/errors';
import type { Queryable } from '../../infra/db/pool';
import { insertResource } from '../catalogue/catalogue.writes';
import { filesOf, type StoredFile } from './stored-files';
import { takeTemporaryAssets, type AssetType, type TemporaryAssetRow } from './temporary-assets.repository';

/** A skin's or a bundle's files. */
export type ItemRef = { skinId: number } | { bundleId: number };

const ownedResource = z.object({ id: z.number(), filename: z.string() });

const messages = {
  notYours: 'One of the uploads is not yours or has expired. Upload it again.',
  wrongImageType: 'Only pictures can be used as images.',
  wrongSourceType: 'Upload the skin as a .zip file.',
  notOfItem: 'One of the images does not belong to this item.',
  sourceNotOfItem: 'This skin file does not belong to this skin.',
  twice: 'Each image can be used once.',
};

function owner(item: ItemRef) {
  return 'skinId' in item
    ? sql.fragment`skin_id = ${item.skinId}`
    : sql.fragment`bundle_id = ${item.bundleId}`;
}

async function resourcesOf(tx: Queryable, item: ItemRef, type: AssetType) {
  return tx.any(sql.type(ownedResource)`
    select id, filename from resources where ${owner(item)} and type = ${type} for update`);
}

/** The viewer's uploads with these ids, all of the expected type, or a refusal naming `field`. */
async function takeUploads(
  tx: Queryable,
  ids: number[],
  viewerId: number,
  type: AssetType,
  field: string,
): Promise<Map<number, TemporaryAssetRow>> {
  const taken = await takeTemporaryAssets(tx, ids, viewerId);
  if (taken.length !== ids.length) throw new DomainError('BAD_USER_INPUT', messages.notYours, field);
  if (taken.some((asset) => asset.type !== type)) {
    throw new DomainError(
      'BAD_USER_INPUT',
      type === 'IMAGE' ? messages.wrongImageType : messages.wrongSourceType,
      field,
    );
  }
  return new Map(taken.map((asset) => [asset.id, asset]));
}

/**
 * Makes the item's images exactly `images`, in their order (the first is the thumbnail): kept ones
 * (`temporary: false`, which must be the item's own) are renumbered, uploads (`temporary: true`,
 * which must be the viewer's pictures) become resources, and the rest are deleted. Returns the
 * files of the deleted images, to remove once the transaction has committed.
 */
export async function saveItemImages(
  tx: Queryable,
  item: ItemRef,
  images: ResourceInput[],
  viewerId: number,
): Promise<StoredFile[]> {
  const keys = images.map((image) => `${image.temporary}:${image.id}`);
  if (new Set(keys).size !== keys.length) throw new DomainError('BAD_USER_INPUT', messages.twice, 'images');

  const existing = await resourcesOf(tx, item, 'IMAGE');
  const existingIds = new Set(existing.map((row) => row.id));
  const kept = images.filter((image) => !image.temporary).map((image) => image.id);
  if (kept.some((id) => !existingIds.has(id)))
    throw new DomainError('BAD_USER_INPUT', messages.notOfItem, 'images');
  const uploads = await takeUploads(
    tx,
    images.filter((image) => image.temporary).map((image) => image.id),
    viewerId,
    'IMAGE',
    'images',
  );

  const removed = existing.filter((row) => !kept.includes(row.id));
  if (removed.length > 0) {
    await tx.query(sql.unsafe`
      delete from resources where id = any(${sql.array(
        removed.map((row) => row.id),
        'int8',
      )})`);
  }
  for (const [position, image] of images.entries()) {
    if (!image.temporary) {
      await tx.query(sql.unsafe`update resources set position = ${position} where id = ${image.id}`);
      continue;
    }
    const upload = uploads.get(image.id)!;
    await insertResource(tx, {
      ...item,
      type: 'IMAGE',
      filename: upload.filename,
      originalName: upload.original_name,
      position,
      sizeBytes: upload.size_bytes,
      width: upload.width,
      height: upload.height,
    });
  }
  return removed.flatMap((row) => filesOf('IMAGE', row.filename));
}

/**
 * A skin's zip: an upload (the viewer's, a zip) replaces the current one; the current one named by
 * its id (`temporary: false`) or none at all keeps it. Returns the files to remove after commit.
 */
export async function saveSkinSource(
  tx: Queryable,
  skinId: number,
  source: ResourceInput | null | undefined,
  viewerId: number,
): Promise<StoredFile[]> {
  const existing = await resourcesOf(tx, { skinId }, 'SKIN_SOURCE');
  if (!source) return [];
  if (!source.temporary) {
    if (!existing.some((row) => row.id === source.id))
      throw new DomainError('BAD_USER_INPUT', messages.sourceNotOfItem, 'skinSource');
    return [];
  }
  const upload = (await takeUploads(tx, [source.id], viewerId, 'SKIN_SOURCE', 'skinSource')).get(source.id)!;
  if (existing.length > 0) {
    await tx.query(sql.unsafe`
      delete from resources where id = any(${sql.array(
        existing.map((row) => row.id),
        'int8',
      )})`);
  }
  await insertResource(tx, {
    skinId,
    type: 'SKIN_SOURCE',
    filename: upload.filename,
    originalName: upload.original_name,
    position: 0,
    sizeBytes: upload.size_bytes,
  });
  return existing.flatMap((row) => filesOf('SKIN_SOURCE', row.filename));
}
