import { sql } from 'slonik';
import { z } from 'zod';
import { centsOf, editorMessages, skinInput, type SkinInput } from '../../domain/catalog/item-editor.schemas';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import type { Queryable } from '../../infra/db/pool';
import type { AppContext } from '../app-context';
import { insertSkin, linkColorVariations } from '../catalogue/catalogue.writes';
import { filesKeptByVersions } from '../community/skin-versions.repository';
import { saveSkinTags } from '../tags/skin-tags';
import { authorsSkinsAmong } from './item-ownership';
import { publishItem, updateItem, type SavedItem } from './item-editor.steps';
import { saveSkinSource } from './item-resources';

export const skinEditorMessages = {
  titleFixed: 'The name of a skin cannot be changed once it is published.',
  idRequired: 'Say which skin to update.',
  zipNotUploaded: 'Upload the skin ZIP file before publishing.',
  variationsNotYours: 'Color variations must be other skins of yours for the same game.',
  inBundleOfGame: (bundles: string) =>
    `This skin is in the bundle ${bundles}, which holds skins of its current game only. Take it out of the bundle first, then change its game.`,
} as const;

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

/** createSkin: a published skin with its pictures, its zip, its color variations and its tags. */
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
  return publishItem(app, viewer, 'SKIN', input, options, {
    insert: (tx, item) =>
      insertSkin(tx, {
        ...item,
        availableAlone: input.availableAlone,
        colorPrimary: input.colorPrimary,
        colorSecondary: input.colorSecondary,
      }),
    saveParts: async (tx, skinId) => {
      await saveSkinSource(tx, skinId, source, viewer.id);
      await saveColorVariations(tx, skinId, input.colorVariations, viewer.id, input.type);
      await saveSkinTags(tx, skinId, input.tags);
    },
  });
}

/**
 * updateSkin: besides what every item changes, its game (unless a bundle of its game holds it),
 * availability, video, colors, color variations and tags; an uploaded zip replaces the old one.
 */
export async function updateSkin(
  app: AppContext,
  viewer: Session,
  rawInput: unknown,
  options: { correlationId?: string } = {},
): Promise<SavedItem> {
  const input: SkinInput = skinInput.parse(rawInput);
  return updateItem(app, viewer, 'SKIN', input, options, {
    messages: skinEditorMessages,
    update: async (tx, skin) => {
      if (input.type !== skin.game) await assertInNoBundleOfGame(tx, skin.id, skin.game);
      return tx.oneFirst(sql.type(savedUrl)`
        update skins set description = ${input.description}, game = ${input.type},
          price_cents = ${centsOf(input.price)}, available_alone = ${input.availableAlone},
          video_url = ${input.videoUrl}, color_primary = ${input.colorPrimary},
          color_secondary = ${input.colorSecondary}, modified_at = ${app.now().toISOString()}
        where id = ${skin.id} returning url::text as url`);
    },
    saveParts: async (tx, skin, unusedImages) => {
      const unused = [...unusedImages, ...(await saveSkinSource(tx, skin.id, input.skinSource, viewer.id))];
      await saveColorVariations(tx, skin.id, input.colorVariations, skin.author_id, input.type);
      await saveSkinTags(tx, skin.id, input.tags);
      // A replaced zip that the version history names stays stored: earlier versions download.
      const kept = await filesKeptByVersions(
        tx,
        unused.map((file) => file.name),
      );
      return unused.filter((file) => !kept.has(file.name));
    },
  });
}
