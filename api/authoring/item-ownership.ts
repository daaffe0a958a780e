import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import type { Queryable } from '../../infra/db/pool';
import { isAdmin } from '../auth/viewer';

export type ItemKind = 'skin' | 'bundle';

const editedItem = z.object({ id: z.number(), author_id: z.number(), title: z.string(), game: z.string() });
export type EditedItem = z.infer<typeof editedItem>;

/**
 * The skin or bundle a viewer changes, locked for the rest of the transaction: NOT_FOUND when it
 * does not exist (or was deleted), FORBIDDEN unless the viewer is its author or an admin.
 */
export async function lockEditableItem(
  tx: Queryable,
  kind: ItemKind,
  id: number,
  viewer: Session,
): Promise<EditedItem> {
  const table = sql.identifier([kind === 'skin' ? 'skins' : 'bundles']);
  const item = await tx.maybeOne(sql.type(editedItem)`
    select id, author_id, title, game from ${table} where id = ${id} and deleted_at is null for update`);
  if (!item) throw new DomainError('NOT_FOUND', `This ${kind} does not exist.`);
  if (item.author_id !== viewer.id && !isAdmin(viewer)) {
    throw new DomainError('FORBIDDEN', `Only the author of this ${kind} or an admin can change it.`);
  }
  return item;
}

/**
 * The subset of `skinIds` that are the author's own skins for `game` (not deleted; hidden ones
 * count: an author may link or bundle a skin before publishing it). With `lock`, the rows stay locked
 * against a change of game until the caller's transaction ends (a bundle's skins).
 */
export async function authorsSkinsAmong(
  tx: Queryable,
  skinIds: readonly number[],
  authorId: number,
  game: string,
  options: { lock?: boolean } = {},
): Promise<Set<number>> {
  if (skinIds.length === 0) return new Set();
  const ids = await tx.anyFirst(sql.type(z.object({ id: z.number() }))`
    select id from skins
    where id = any(${sql.array([...skinIds], 'int8')}) and author_id = ${authorId}
      and game = ${game} and deleted_at is null
    ${options.lock ? sql.fragment`for share` : sql.fragment``}`);
  return new Set(ids);
}
