import { sql } from 'slonik';
import { z } from 'zod';
import { bundleInput, centsOf, type BundleInput } from '../../domain/catalog/item-editor.schemas';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import type { Queryable } from '../../infra/db/pool';
import type { AppContext } from '../app-context';
import { skinsAddedToBundle } from '../catalogue/catalogue-facts';
import { insertBundle, setBundleSkins } from '../catalogue/catalogue.writes';
import { authorsSkinsAmong } from './item-ownership';
import { publishItem, updateItem, type SavedItem } from './item-editor.steps';

export const bundleEditorMessages = {
  titleFixed: 'The name of a bundle cannot be changed once it is published.',
  idRequired: 'Say which bundle to update.',
  skinsNotYours: 'A bundle can only hold your own skins for its game.',
} as const;

const savedUrl = z.object({ url: z.string() });

/** The bundle's skins must all be the author's own skins for the bundle's game. */
async function checkBundleSkins(tx: Queryable, input: BundleInput, authorId: number): Promise<number[]> {
  const skinIds = input.skins.map((skin) => skin.id);
  const own = await authorsSkinsAmong(tx, skinIds, authorId, input.type, { lock: true });
  if (skinIds.some((id) => !own.has(id)))
    throw new DomainError('BAD_USER_INPUT', bundleEditorMessages.skinsNotYours, 'skins');
  return skinIds;
}

/** createBundle: a published bundle of the author's skins with its pictures. */
export async function createBundle(
  app: AppContext,
  viewer: Session,
  rawInput: unknown,
  options: { correlationId?: string } = {},
): Promise<SavedItem> {
  const input = bundleInput.parse(rawInput);
  return publishItem(app, viewer, 'BUNDLE', input, options, {
    // Its skins joined it; a refusal below (skins not the author's) rolls the facts back.
    moreFacts: (tx, id, now) =>
      skinsAddedToBundle(
        tx,
        { id, title: input.title, authorId: viewer.id },
        input.skins.map((skin) => skin.id),
        now,
      ),
    insert: async (tx, item) =>
      insertBundle(tx, { ...item, skinIds: await checkBundleSkins(tx, input, viewer.id) }),
  });
}

/** updateBundle: besides what every item changes, its game and its skins. */
export async function updateBundle(
  app: AppContext,
  viewer: Session,
  rawInput: unknown,
  options: { correlationId?: string } = {},
): Promise<SavedItem> {
  const input = bundleInput.parse(rawInput);
  return updateItem(app, viewer, 'BUNDLE', input, options, {
    messages: bundleEditorMessages,
    // The skins this save adds.
    moreFacts: (tx, bundleId, before, now) =>
      skinsAddedToBundle(
        tx,
        { id: bundleId, title: before.title, authorId: before.author_id },
        input.skins.map((skin) => skin.id),
        now,
      ),
    update: async (tx, bundle) => {
      const skinIds = await checkBundleSkins(tx, input, bundle.author_id);
      const url = await tx.oneFirst(sql.type(savedUrl)`
        update bundles set description = ${input.description}, game = ${input.type},
          price_cents = ${centsOf(input.price)}, video_url = ${input.videoUrl},
          modified_at = ${app.now().toISOString()}
        where id = ${bundle.id} returning url::text as url`);
      await setBundleSkins(tx, bundle.id, skinIds);
      return url;
    },
  });
}
