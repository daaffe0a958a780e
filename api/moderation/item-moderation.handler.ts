import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import {
  ITEM_MODERATION_STREAM_TYPE,
  itemModerationDecider,
  itemModerationSchemaVersions,
  itemModerationStreamId,
  type ItemModerationCommand,
  type ItemModerationEvent,
} from '../../domain/moderation/item-moderation.decider';
import type { ModeratedItemType } from '../../domain/moderation/moderation.schemas';
import type { TermsGround } from '../../domain/moderation/terms-grounds';
import type { Session } from '../../infra/auth/session-tokens';
import type { Queryable } from '../../infra/db/pool';
import { handleCommand, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/viewer';

const itemModerationStream: StreamKind<ItemModerationEvent> = {
  streamType: ITEM_MODERATION_STREAM_TYPE,
  schemaVersions: itemModerationSchemaVersions,
};

const itemFacts = z.object({ author_id: z.number(), listed: z.boolean() });

/**
 * The item as moderation needs it: who made it and whether the public sees it; null when it does
 * not exist (deleted skins and bundles, or comments of them, count as gone).
 */
async function findItem(db: Queryable, itemType: ModeratedItemType, itemId: number) {
  switch (itemType) {
    case 'SKIN':
      return db.maybeOne(sql.type(itemFacts)`
        select author_id, listed from skins where id = ${itemId} and deleted_at is null`);
    case 'BUNDLE':
      return db.maybeOne(sql.type(itemFacts)`
        select author_id, listed from bundles where id = ${itemId} and deleted_at is null`);
    case 'COMMENT':
      return db.maybeOne(sql.type(itemFacts)`
        select c.user_id as author_id, c.listed and coalesce(s.listed, b.listed) as listed
        from comments c left join skins s on s.id = c.skin_id left join bundles b on b.id = c.bundle_id
        where c.id = ${itemId} and coalesce(s.deleted_at, b.deleted_at) is null`);
  }
}

const noun = (itemType: ModeratedItemType) => itemType.toLowerCase();

type ModerationAction =
  | { kind: 'report'; reason: Extract<ItemModerationCommand, { kind: 'report' }>['reason']; text: string }
  | { kind: 'take-down'; reason: string; ground: TermsGround }
  | { kind: 'restore'; reason: string | null }
  | { kind: 'dismiss-reports'; note: string | null };

/**
 * Runs one moderation step on one item's stream: a user's report, or an admin's takedown, restore
 * or dismissal of the open reports. The inline moderation projection applies it in the same
 * transaction, and the catalogue's `listed` columns follow by trigger (migration 022).
 */
export async function moderateItem(
  app: Pick<AppContext, 'pool' | 'store' | 'now' | 'log'>,
  viewer: Session,
  target: { itemType: ModeratedItemType; itemId: number },
  action: ModerationAction,
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<void> {
  const item = await findItem(app.pool, target.itemType, target.itemId);
  // Users report what they can see; admins act on anything that exists.
  if (!item || (action.kind === 'report' && !item.listed)) {
    throw new DomainError('NOT_FOUND', `This ${noun(target.itemType)} does not exist or is hidden.`);
  }
  const facts = { ...target, now: app.now().toISOString() };
  // A takedown names who made the item: the statement of reasons goes to them.
  const command: ItemModerationCommand =
    action.kind === 'report'
      ? { ...facts, ...action, reporterId: viewer.id, itemAuthorId: item.author_id }
      : action.kind === 'take-down'
        ? { ...facts, ...action, authorId: item.author_id }
        : { ...facts, ...action };
  const admin = isAdmin(viewer);
  await handleCommand(
    app,
    {
      streamId: itemModerationStreamId(target.itemType, target.itemId),
      kind: itemModerationStream,
      decider: itemModerationDecider,
    },
    command,
    { metadata: { ...metadata, actor: { userId: viewer.id, ...(admin ? { role: 'admin' } : {}) } } },
  );
  app.log.info({ ...target, action: action.kind, by: viewer.id }, 'moderation step recorded');
}
