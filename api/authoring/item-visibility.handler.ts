import { sql } from 'slonik';
import type { Session } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { lockEditableItem, type ItemKind } from './item-ownership';

/**
 * hideSkin / hideBundle: the author (or an admin) hides an item from everyone else, or publishes
 * it again. Hidden items stay visible to their author and admins (docs/catalogue.md).
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
    await tx.query(sql.unsafe`
      update ${table} set published = ${!hide}, modified_at = ${app.now().toISOString()} where id = ${id}`);
  });
  app.log.info({ kind, id, hide, by: viewer.id }, hide ? 'item hidden' : 'item published');
  return { id, success: true };
}
