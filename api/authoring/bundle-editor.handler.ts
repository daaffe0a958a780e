import { sql } from 'slonik';
import { z } from 'zod';
import { bundleInput, centsOf, type BundleInput } from '../../domain/catalog/item-editor.schemas';
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
  skinsAddedToBundle,
  type CatalogueActor,
} from '../catalogue/catalogue-facts';
import { insertBundle, setBundleSkins } from '../catalogue/catalogue.writes';
import { savePayWhatYouWant } from './pay-what-you-want';
import { authorsSkinsAmong, lockEditableItem } from './item-ownership';
import { saveItemImages } from './item-resources';
import type { SavedItem } from './skin-editor.handler';
import { removeStoredFiles } from './stored-files';

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

/** createBundle: a published bundle of the author's skins with its pictures, in one transaction. */
export async function createBundle(
  app: AppContext,
  viewer: Session,
  rawInput: unknown,
  options: { correlationId?: string } = {},
): Promise<SavedItem> {
  const input = bundleInput.parse(rawInput);
  const id = await nextItemId(app.pool, 'BUNDLE');
  const actor: CatalogueActor = { viewer, ...options };
  const now = app.now();
  const saved = await app.pool.transaction(async (tx) => {
    // Its facts first (the append is the transaction's first write): published, and its skins
    // joined it. A refusal below (skins not the author's) rolls them back.
    const published = itemPublished(
      'BUNDLE',
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
    const joined = await skinsAddedToBundle(
      tx,
      { id, title: input.title, authorId: viewer.id },
      input.skins.map((skin) => skin.id),
      now,
    );
    await appendCatalogueFacts(app.store, tx, 'BUNDLE', id, [published, ...joined], actor);
    const skinIds = await checkBundleSkins(tx, input, viewer.id);
    const bundle = await insertBundle(tx, {
      id,
      authorId: viewer.id,
      title: input.title,
      description: input.description,
      game: input.type,
      priceCents: centsOf(input.price),
      videoUrl: input.videoUrl,
      published: true,
      createdAt: now,
      skinIds,
    });
    await savePayWhatYouWant(tx, 'bundles', bundle.id, input.payWhatYouWant);
    await saveItemImages(tx, { bundleId: bundle.id }, input.images, viewer.id);
    return bundle;
  });
  app.log.info({ bundleId: saved.id, authorId: viewer.id }, 'bundle published');
  return { ...saved, success: true };
}

/** updateBundle: everything but the name, by the author or an admin; unused pictures go after the commit. */
export async function updateBundle(
  app: AppContext,
  viewer: Session,
  rawInput: unknown,
  options: { correlationId?: string } = {},
): Promise<SavedItem> {
  const input = bundleInput.parse(rawInput);
  if (!input.id) throw new DomainError('BAD_USER_INPUT', bundleEditorMessages.idRequired, 'id');
  const bundleId = input.id;
  const { url, unused } = await app.pool.transaction(async (tx) => {
    // Its facts first (the append is the transaction's first write): a price change and the skins
    // this save adds. A refusal below rolls them back.
    await lockCatalogueStream(tx, 'BUNDLE', bundleId);
    const before = await catalogueItemState(tx, 'BUNDLE', bundleId);
    if (before && !before.deleted) {
      const now = app.now();
      const facts = [
        ...priceChanges('BUNDLE', bundleId, before, centsOf(input.price), now),
        ...(await skinsAddedToBundle(
          tx,
          { id: bundleId, title: before.title, authorId: before.author_id },
          input.skins.map((skin) => skin.id),
          now,
        )),
      ];
      await appendCatalogueFacts(app.store, tx, 'BUNDLE', bundleId, facts, { viewer, ...options });
    }
    const bundle = await lockEditableItem(tx, 'bundle', bundleId, viewer);
    if (input.title !== bundle.title)
      throw new DomainError('BAD_USER_INPUT', bundleEditorMessages.titleFixed, 'title');
    const skinIds = await checkBundleSkins(tx, input, bundle.author_id);
    const row = await tx.one(sql.type(savedUrl)`
      update bundles set description = ${input.description}, game = ${input.type},
        price_cents = ${centsOf(input.price)}, video_url = ${input.videoUrl},
        modified_at = ${app.now().toISOString()}
      where id = ${bundleId} returning url::text as url`);
    await savePayWhatYouWant(tx, 'bundles', bundleId, input.payWhatYouWant);
    await setBundleSkins(tx, bundleId, skinIds);
    const unused = await saveItemImages(tx, { bundleId }, input.images, viewer.id);
    return { url: row.url, unused };
  });
  await removeStoredFiles(app.storage, app.log, unused);
  return { id: bundleId, url, success: true };
}
