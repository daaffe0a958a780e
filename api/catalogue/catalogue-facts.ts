import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  catalogueItemStreamId,
  type ItemPriceChanged,
  type ItemPublished,
  type ItemType,
  type SkinsAddedToBundle,
} from '../../domain/community/community.events';
import type { Session } from '../../infra/auth/session-tokens';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import type { Backdated } from '../../infra/event-store/backdating';
import type { EventMetadata, EventStore } from '../../infra/event-store/event-store';
import { isAdmin } from '../auth/viewer';

/*
 * The catalogue's facts people are told about (docs/community.md, "Catalogue facts"): the editors and
 * the visibility switch append them to `catalogue-{skin|bundle}-{id}` in the transaction of their
 * catalogue write. An append must be a transaction's first write (the event store orders the feed by
 * transaction id), so a handler first takes the stream's lock (the advisory lock the append takes:
 * no write, no transaction id), reads the item as it is, appends what changed, and only then locks
 * and writes the catalogue rows. Every writer of an item's price, visibility or bundle skins goes
 * through here, so what it read under the lock is what its write changes; a refusal after the
 * append (not the author, bad input) rolls the events back with the rest.
 */

export type CatalogueFact = ItemPublished | ItemPriceChanged | SkinsAddedToBundle;
export const CATALOGUE_STREAM_TYPE = 'catalogue-item';

/** Who writes and why: the signed-in author or admin, and the request's id. */
export type CatalogueActor = { viewer: Session; correlationId?: string; occurredAt?: Backdated };

/** Takes the lock the append of the item's stream takes, before anything else of the transaction. */
export async function lockCatalogueStream(
  tx: DatabaseTransactionConnection,
  itemType: ItemType,
  itemId: number,
): Promise<void> {
  await tx.query(sql.unsafe`
    select pg_advisory_xact_lock(hashtextextended(${catalogueItemStreamId(itemType, itemId)}, 0))`);
}

/** Whether the item's stream already records its first publication (never told twice). */
export async function wasPublished(
  store: EventStore,
  tx: DatabaseTransactionConnection,
  itemType: ItemType,
  itemId: number,
): Promise<boolean> {
  const { events } = await store.readStream(tx, catalogueItemStreamId(itemType, itemId));
  return events.some((event) => event.type === 'ItemPublished');
}

export function catalogueMetadata(actor: CatalogueActor): EventMetadata {
  return {
    actor: { userId: actor.viewer.id, role: isAdmin(actor.viewer) ? 'admin' : 'regular' },
    correlationId: actor.correlationId ?? `catalogue:${randomUUID()}`,
  };
}

/** Appends the item's facts (none: nothing written). */
export async function appendCatalogueFacts(
  store: EventStore,
  tx: DatabaseTransactionConnection,
  itemType: ItemType,
  itemId: number,
  facts: readonly CatalogueFact[],
  actor: CatalogueActor,
): Promise<void> {
  if (facts.length === 0) return;
  const metadata = catalogueMetadata(actor);
  await store.append(tx, {
    streamId: catalogueItemStreamId(itemType, itemId),
    streamType: CATALOGUE_STREAM_TYPE,
    expectedVersion: 'any',
    events: facts.map((fact) => ({
      ...fact,
      metadata,
      ...(actor.occurredAt ? { occurredAt: actor.occurredAt } : {}),
    })),
  });
}

const itemState = z.object({
  author_id: z.number(),
  title: z.string(),
  game: z.string(),
  price_cents: z.number(),
  published: z.boolean(),
  deleted: z.boolean(),
  username: z.string(),
});
export type CatalogueItemState = z.infer<typeof itemState>;

/** The item as it is now (read without a row lock: the stream lock keeps its writers out). */
export async function catalogueItemState(
  tx: DatabaseTransactionConnection,
  itemType: ItemType,
  itemId: number,
): Promise<CatalogueItemState | null> {
  const table = sql.identifier([itemType === 'SKIN' ? 'skins' : 'bundles']);
  return tx.maybeOne(sql.type(itemState)`
    select i.author_id, i.title, i.game, i.price_cents, i.published, i.deleted_at is not null as deleted,
           u.username::text as username
    from ${table} i join users u on u.id = i.author_id where i.id = ${itemId}`);
}

/** ItemPublished for an item becoming visible to everyone, at `at`. */
export function itemPublished(
  itemType: ItemType,
  itemId: number,
  item: Pick<CatalogueItemState, 'author_id' | 'title' | 'game' | 'price_cents' | 'username'>,
  at: Date,
): ItemPublished {
  return {
    type: 'ItemPublished',
    data: {
      itemType,
      itemId,
      authorId: item.author_id,
      name: item.title,
      game: item.game,
      priceCents: item.price_cents,
      publishedAt: at.toISOString(),
      authorName: item.username,
    },
  };
}

/** ItemPriceChanged when the price changes, none when it stays. */
export function priceChanges(
  itemType: ItemType,
  itemId: number,
  item: CatalogueItemState,
  toCents: number,
  at: Date,
): ItemPriceChanged[] {
  if (item.price_cents === toCents) return [];
  return [
    {
      type: 'ItemPriceChanged',
      data: {
        itemType,
        itemId,
        authorId: item.author_id,
        name: item.title,
        fromCents: item.price_cents,
        toCents,
        changedAt: at.toISOString(),
      },
    },
  ];
}

const skinName = z.object({ id: z.number(), title: z.string() });

/** SkinsAddedToBundle for the skins a save adds to a bundle (none when it adds none). */
export async function skinsAddedToBundle(
  tx: DatabaseTransactionConnection,
  bundle: { id: number; title: string; authorId: number },
  skinIds: readonly number[],
  at: Date,
): Promise<SkinsAddedToBundle[]> {
  const had = new Set(
    await tx.anyFirst(sql.type(z.object({ skin_id: z.number() }))`
      select skin_id from bundle_skins where bundle_id = ${bundle.id}`),
  );
  const added = [...new Set(skinIds)].filter((id) => !had.has(id));
  if (added.length === 0) return [];
  const names = new Map(
    (
      await tx.any(sql.type(skinName)`
        select id, title from skins where id = any(${sql.array(added, 'int8')})`)
    ).map((row) => [row.id, row.title]),
  );
  return [
    {
      type: 'SkinsAddedToBundle',
      data: {
        bundleId: bundle.id,
        bundleName: bundle.title,
        authorId: bundle.authorId,
        skins: added.filter((id) => names.has(id)).map((id) => ({ skinId: id, name: names.get(id)! })),
        addedAt: at.toISOString(),
      },
    },
  ];
}

/** A new skin's or bundle's id, taken before its transaction (a sequence step may give it an id). */
export async function nextItemId(
  pool: { oneFirst: DatabaseTransactionConnection['oneFirst'] },
  itemType: ItemType,
): Promise<number> {
  const table = itemType === 'SKIN' ? 'skins' : 'bundles';
  return pool.oneFirst(sql.type(z.object({ id: z.number() }))`
    select nextval(pg_get_serial_sequence(${table}, 'id')) as id`);
}
