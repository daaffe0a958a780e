import { sql } from 'slonik';
import { z } from 'zod';
import { centsOf, editorMessages, skinInput, type SkinInput } from '../../domain/catalog/item-editor.schemas';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import type { Queryable } from '../../infra/db/pool';
import type { AppContext } from '../app-context';
import {
  appendCatalogueFacts,
  catalogueItemState,
  itemPublished,
  lockCatalogueStream,
  nextItemId,
  priceChanges,
  type CatalogueActor,
} from '../catalogue/catalogue-facts';
import { insertSkin, linkColorVariations } from '../catalogue/catalogue.writes';
import { filesKeptByVersions } from '../community/skin-versions.repository';
import { saveSkinTags } from '../tags/skin-tags';
import { savePayWhatYouWant } from './pay-what-you-want';
import { authorsSkinsAmong, lockEditableItem } from './item-ownership';
import { saveItemImages, saveSkinSource } from './item-resources';
import { removeStoredFiles, type StoredFile } from './stored-files';

export const skinEditorMessages = {
  titleFixed: 'The name of a skin cannot be changed once it is published.',
  idRequired: 'Say which skin to update.',
  zipNotUploaded: 'Upload the skin ZIP file before publishing.',
  variationsNotYours: 'Color variations must be other skins of yours for the same game.',
  inBundleOfGame: (bundles: string) =>
    `This skin is in the bundle ${bundles}, which holds skins of its current game only. Take it out of the bundle first, then change its game.`,
} as const;

export type SavedItem = { id: number; url: string; success: true };

const savedUrl = z.object({ url: z.string() });

/**
 * The color variations of a skin: exactly `variationIds` (the author's own skins for its game),
 * linked both ways, together with each other as one group.
 */
async function saveColorVariations(
  tx: Queryable,
  skinId: number,
  variationIds: number[],
  authorId: number,
  game: string,
): Promise<void> {
  const own = await authorsSkinsAmong(tx, variationIds, authorId, game);
  if (variationIds.some((id) => !own.has(id))) {
    throw new DomainError('BAD_USER_INPUT', skinEditorMessages.variationsNotYours, 'colorVariations');
  }
  await tx.query(sql.unsafe`
    delete from skin_color_variations where skin_id = ${skinId} or variation_id = ${skinId}`);
  await linkColorVariations(tx, [skinId, ...variationIds]);
}

/**
 * A bundle holds skins of its own game only, so a skin in a bundle keeps its game until it is taken
 * out. The skin's row is locked by the caller and the bundle editor locks the skins it adds, so a
 * bundle saved at the same moment cannot slip in between this check and the update.
 */
async function assertInNoBundleOfGame(tx: Queryable, skinId: number, game: string): Promise<void> {
  const titles = await tx.anyFirst(sql.type(z.object({ title: z.string() }))`
    select b.title from bundle_skins bs join bundles b on b.id = bs.bundle_id
    where bs.skin_id = ${skinId} and b.game = ${game} and b.deleted_at is null
    order by b.title`);
  if (titles.length > 0) {
    const names = titles.map((title) => `"${title}"`).join(', ');
    throw new DomainError('BAD_USER_INPUT', skinEditorMessages.inBundleOfGame(names), 'type');
  }
}

/**
 * createSkin: a published skin with its pictures, its zip and its color variations, in one
 * transaction, which first records its ItemPublished (docs/community.md) under an id taken before.
 */
export async function createSkin(
  app: AppContext,
  viewer: Session,
  rawInput: unknown,
  options: { correlationId?: string } = {},
): Promise<SavedItem> {
  const input: SkinInput = skinInput.parse(rawInput);
  const source = input.skinSource;
  if (!source) throw new DomainError('BAD_USER_INPUT', editorMessages.zipMissing, 'skinSource');
  if (!source.temporary)
    throw new DomainError('BAD_USER_INPUT', skinEditorMessages.zipNotUploaded, 'skinSource');
  const now = app.now();
  const id = await nextItemId(app.pool, 'SKIN');
  const actor: CatalogueActor = { viewer, ...options };
  const saved = await app.pool.transaction(async (tx) => {
    await appendCatalogueFacts(
      app.store,
      tx,
      'SKIN',
      id,
      [
        itemPublished(
          'SKIN',
          id,
          {
            author_id: viewer.id,
            title: input.title,
            game: input.type,
            price_cents: centsOf(input.price),
            username: viewer.username,
          },
          now,
        ),
      ],
      actor,
    );
    const skin = await insertSkin(tx, {
      id,
      authorId: viewer.id,
      title: input.title,
      description: input.description,
      game: input.type,
      priceCents: centsOf(input.price),
      availableAlone: input.availableAlone,
      videoUrl: input.videoUrl,
      colorPrimary: input.colorPrimary,
      colorSecondary: input.colorSecondary,
      published: true,
      createdAt: now,
    });
    await savePayWhatYouWant(tx, 'skins', skin.id, input.payWhatYouWant);
    await saveItemImages(tx, { skinId: skin.id }, input.images, viewer.id);
    await saveSkinSource(tx, skin.id, source, viewer.id);
    await saveColorVariations(tx, skin.id, input.colorVariations, viewer.id, input.type);
    await saveSkinTags(tx, skin.id, input.tags);
    return skin;
  });
  app.log.info({ skinId: saved.id, authorId: viewer.id }, 'skin published');
  return { ...saved, success: true };
}

/**
 * updateSkin: everything but the name (fixed once published), by the author or an admin. Images
 * are reordered, added and removed; an uploaded zip replaces the old one. Files no longer used
 * are deleted after the commit.
 */
export async function updateSkin(
  app: AppContext,
  viewer: Session,
  rawInput: unknown,
  options: { correlationId?: string } = {},
): Promise<SavedItem> {
  const input: SkinInput = skinInput.parse(rawInput);
  if (!input.id) throw new DomainError('BAD_USER_INPUT', skinEditorMessages.idRequired, 'id');
  const skinId = input.id;
  const { url, unused } = await app.pool.transaction(async (tx) => {
    // A price change is recorded first (the append is the transaction's first write); a refusal
    // below rolls it back.
    await lockCatalogueStream(tx, 'SKIN', skinId);
    const before = await catalogueItemState(tx, 'SKIN', skinId);
    if (before && !before.deleted) {
      const facts = priceChanges('SKIN', skinId, before, centsOf(input.price), app.now());
      await appendCatalogueFacts(app.store, tx, 'SKIN', skinId, facts, { viewer, ...options });
    }
    const skin = await lockEditableItem(tx, 'skin', skinId, viewer);
    if (input.title !== skin.title)
      throw new DomainError('BAD_USER_INPUT', skinEditorMessages.titleFixed, 'title');
    if (input.type !== skin.game) await assertInNoBundleOfGame(tx, skinId, skin.game);
    const row = await tx.one(sql.type(savedUrl)`
      update skins set description = ${input.description}, game = ${input.type},
        price_cents = ${centsOf(input.price)}, available_alone = ${input.availableAlone},
        video_url = ${input.videoUrl}, color_primary = ${input.colorPrimary},
        color_secondary = ${input.colorSecondary}, modified_at = ${app.now().toISOString()}
      where id = ${skinId} returning url::text as url`);
    await savePayWhatYouWant(tx, 'skins', skinId, input.payWhatYouWant);
    const unused: StoredFile[] = [
      ...(await saveItemImages(tx, { skinId }, input.images, viewer.id)),
      ...(await saveSkinSource(tx, skinId, input.skinSource, viewer.id)),
    ];
    await saveColorVariations(tx, skinId, input.colorVariations, skin.author_id, input.type);
    await saveSkinTags(tx, skinId, input.tags);
    // A replaced zip that the version history names stays stored: earlier versions download.
    const kept = await filesKeptByVersions(
      tx,
      unused.map((file) => file.name),
    );
    return { url: row.url, unused: unused.filter((file) => !kept.has(file.name)) };
  });
  await removeStoredFiles(app.storage, app.log, unused);
  return { id: skinId, url, success: true };
}
