import { sql } from 'slonik';
import type { Session } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/viewer';
import {
  appendCatalogueFacts,
  catalogueItemState,
  itemPublished,
  lockCatalogueStream,
  wasPublished,
} from '../catalogue/catalogue-facts';
import { takedownsOf } from '../moderation/moderation.repository';
import { DomainError } from '../../domain/errors';
import { lockEditableItem, type ItemKind } from './item-ownership';

/**
 * hideSkin / hideBundle: the author (or an admin) hides an item from everyone else, or publishes
 * it again. Hidden items stay visible to their author and admins (docs/catalogue.md). An item an
 * admin took down (docs/moderation.md) stays down whatever its author's switch says.
 */
export async function setItemHidden(
  app: AppContext,
  viewer: Session,
  kind: ItemKind,
  id: number,
  hide: boolean,
  options: { correlationId?: string } = {},
): Promise<{ id: number; success: true }> {
  const table = sql.identifier([kind === 'skin' ? 'skins' : 'bundles']);
  const itemType = kind === 'skin' ? 'SKIN' : 'BUNDLE';
  await app.pool.transaction(async (tx) => {
    // Shown to everyone for the first time: record ItemPublished first (the append is the
    // transaction's first write); a refusal below rolls it back.
    if (!hide) {
      await lockCatalogueStream(tx, itemType, id);
      const before = await catalogueItemState(tx, itemType, id);
      if (
        before &&
        !before.deleted &&
        !before.published &&
        !(await takedownsOf(tx, itemType, [id])).has(id) &&
        !(await wasPublished(app.store, tx, itemType, id))
      ) {
        await appendCatalogueFacts(
          app.store,
          tx,
          itemType,
          id,
          [itemPublished(itemType, id, before, app.now())],
          { viewer, ...options },
        );
      }
    }
    await lockEditableItem(tx, kind, id, viewer);
    if (!hide && !isAdmin(viewer)) {
      const takedown = (await takedownsOf(tx, kind === 'skin' ? 'SKIN' : 'BUNDLE', [id])).get(id);
      // The author's own switch would show nothing: say why instead.
      if (takedown) {
        throw new DomainError(
          'FORBIDDEN',
          `An admin took this ${kind} down (“${takedown.reason}”). It shows again once an admin restores it.`,
        );
      }
    }
    await tx.query(sql.unsafe`
      update ${table} set published = ${!hide}, modified_at = ${app.now().toISOString()} where id = ${id}`);
  });
  app.log.info({ kind, id, hide, by: viewer.id }, hide ? 'item hidden' : 'item published');
  return { id, success: true };
}
