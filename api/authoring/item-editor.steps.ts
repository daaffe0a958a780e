import type { DatabaseTransactionConnection } from 'slonik';
import { centsOf, type GameType } from '../../domain/catalog/item-editor.schemas';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import {
  appendCatalogueFacts,
  catalogueItemState,
  itemPublished,
  lockCatalogueStream,
  nextItemId,
  priceChanges,
  type CatalogueActor,
  type CatalogueFact,
  type CatalogueItemState,
} from '../catalogue/catalogue-facts';
import type { NewBundle } from '../catalogue/catalogue.writes';
import { savePayWhatYouWant } from './pay-what-you-want';
import { lockEditableItem, type EditedItem } from './item-ownership';
import { saveItemImages, type ItemRef } from './item-resources';
import { removeStoredFiles, type StoredFile } from './stored-files';

export type SavedItem = { id: number; url: string; success: true };

/** What the shared steps read of a skin's or a bundle's input. */
type ItemInput = {
  id?: number | null;
  title: string;
  description: string;
  videoUrl: string | null;
  type: GameType;
  price: number;
  payWhatYouWant: boolean;
  images: Parameters<typeof saveItemImages>[2];
};

/** The two kinds of item the editor saves, as the catalogue, the tables and the messages name them. */
const KINDS = {
  SKIN: { kind: 'skin', table: 'skins', ref: (id: number): ItemRef => ({ skinId: id }) },
  BUNDLE: { kind: 'bundle', table: 'bundles', ref: (id: number): ItemRef => ({ bundleId: id }) },
} as const;
type ItemType = keyof typeof KINDS;

/** The columns every new item has, under the id taken before. */
export type NewItem = Omit<NewBundle, 'skinIds'>;

/** A new item's own steps, inside the transaction that publishes it. */
export interface PublishSteps {
  /** Facts besides ItemPublished (a bundle's skins joining it). */
  moreFacts?: (tx: DatabaseTransactionConnection, id: number, now: Date) => Promise<CatalogueFact[]>;
  /** Checks what the item holds and inserts its row: what every item has, and the kind's own columns. */
  insert: (tx: DatabaseTransactionConnection, item: NewItem) => Promise<{ id: number; url: string }>;
  /** Its parts after the price option and the screenshots (a skin's zip, variations, tags). */
  saveParts?: (tx: DatabaseTransactionConnection, id: number) => Promise<void>;
}

/**
 * createSkin and createBundle: one transaction, which first records the item's facts under an id
 * taken before (docs/community.md), then writes its row, its price option, its screenshots and its
 * own parts. A refusal in any step rolls the facts back.
 */
export async function publishItem(
  app: AppContext,
  viewer: Session,
  itemType: ItemType,
  input: ItemInput,
  options: { correlationId?: string },
  steps: PublishSteps,
): Promise<SavedItem> {
  const { kind, table, ref } = KINDS[itemType];
  const now = app.now();
  const id = await nextItemId(app.pool, itemType);
  const actor: CatalogueActor = { viewer, ...options };
  const saved = await app.pool.transaction(async (tx) => {
    const published = itemPublished(
      itemType,
      id,
      {
        author_id: viewer.id,
        title: input.title,
        game: input.type,
        price_cents: centsOf(input.price),
        username: viewer.username,
      },
      now,
    );
    const more = steps.moreFacts ? await steps.moreFacts(tx, id, now) : [];
    await appendCatalogueFacts(app.store, tx, itemType, id, [published, ...more], actor);
    const item = await steps.insert(tx, {
      id,
      authorId: viewer.id,
      title: input.title,
      description: input.description,
      game: input.type,
      priceCents: centsOf(input.price),
      videoUrl: input.videoUrl,
      published: true,
      createdAt: now,
    });
    await savePayWhatYouWant(tx, table, item.id, input.payWhatYouWant);
    await saveItemImages(tx, ref(item.id), input.images, viewer.id);
    await steps.saveParts?.(tx, item.id);
    return item;
  });
  app.log.info({ [`${kind}Id`]: saved.id, authorId: viewer.id }, `${kind} published`);
  return { ...saved, success: true };
}

/** An edited item's own steps, inside the transaction that saves it. */
export interface UpdateSteps {
  messages: { idRequired: string; titleFixed: string };
  /** Facts besides a price change (skins this save adds to a bundle). */
  moreFacts?: (
    tx: DatabaseTransactionConnection,
    itemId: number,
    before: CatalogueItemState,
    now: Date,
  ) => Promise<CatalogueFact[]>;
  /** Checks the change against what the item is and holds, and updates its row; returns its url. */
  update: (tx: DatabaseTransactionConnection, item: EditedItem) => Promise<string>;
  /** Its parts after the price option and the screenshots; returns the files no longer used. */
  saveParts?: (
    tx: DatabaseTransactionConnection,
    item: EditedItem,
    unusedImages: StoredFile[],
  ) => Promise<StoredFile[]>;
}

/**
 * updateSkin and updateBundle: everything but the name (fixed once published), by the author or an
 * admin. The facts come first (the append is the transaction's first write); a refusal below rolls
 * them back. Files no longer used are deleted after the commit.
 */
export async function updateItem(
  app: AppContext,
  viewer: Session,
  itemType: ItemType,
  input: ItemInput,
  options: { correlationId?: string },
  steps: UpdateSteps,
): Promise<SavedItem> {
  const { kind, table, ref } = KINDS[itemType];
  if (!input.id) throw new DomainError('BAD_USER_INPUT', steps.messages.idRequired, 'id');
  const itemId = input.id;
  const { url, unused } = await app.pool.transaction(async (tx) => {
    await lockCatalogueStream(tx, itemType, itemId);
    const before = await catalogueItemState(tx, itemType, itemId);
    if (before && !before.deleted) {
      const now = app.now();
      const facts = [
        ...priceChanges(itemType, itemId, before, centsOf(input.price), now),
        ...(steps.moreFacts ? await steps.moreFacts(tx, itemId, before, now) : []),
      ];
      await appendCatalogueFacts(app.store, tx, itemType, itemId, facts, { viewer, ...options });
    }
    const item = await lockEditableItem(tx, kind, itemId, viewer);
    if (input.title !== item.title)
      throw new DomainError('BAD_USER_INPUT', steps.messages.titleFixed, 'title');
    const url = await steps.update(tx, item);
    await savePayWhatYouWant(tx, table, itemId, input.payWhatYouWant);
    const unusedImages = await saveItemImages(tx, ref(itemId), input.images, viewer.id);
    const unused = steps.saveParts ? await steps.saveParts(tx, item, unusedImages) : unusedImages;
    return { url, unused };
  });
  await removeStoredFiles(app.storage, app.log, unused);
  return { id: itemId, url, success: true };
}
