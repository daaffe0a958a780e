import { sql } from 'slonik';
import type { Session } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/viewer';
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
): Promise<{ id: number; success: true }> {
  const table = sql.identifier([kind === 'skin' ? 'skins' : 'bundles']);
  await app.pool.transaction(async (tx) => {
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
