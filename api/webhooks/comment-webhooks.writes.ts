import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { endpointsFor, recordWebhookDeliveries } from './webhook-deliveries';

const itemRow = z.object({ author_id: z.number(), name: z.string(), commenter: z.string().nullable() });

/**
 * Comments are rows, not events of the feed, so their webhooks are recorded by the comment's own
 * transaction (api/authoring/create-comment.handler.ts): the outbox row commits with the comment
 * or not at all, and the sender takes it from there like any other delivery. The item's author
 * is told, unless they commented themself; the commenter's username is public beside the comment.
 */
export async function recordCommentWebhooks(
  tx: Queryable,
  comment: {
    commentId: number;
    skinId?: number;
    bundleId?: number;
    userId: number;
    text: string;
    createdAt: Date;
  },
): Promise<number> {
  const itemType = comment.skinId != null ? 'SKIN' : 'BUNDLE';
  const itemId = comment.skinId ?? comment.bundleId!;
  const table = sql.identifier(['public', itemType === 'SKIN' ? 'skins' : 'bundles']);
  const item = await tx.maybeOne(sql.type(itemRow)`
    select t.author_id, t.title as name,
      (select username::text from public.users u where u.id = ${comment.userId}) as commenter
    from ${table} t where t.id = ${itemId}`);
  if (!item || item.author_id === comment.userId) return 0;
  const endpoints = await endpointsFor(tx, 'comment.created', [item.author_id], comment.createdAt);
  const factId = randomUUID();
  return recordWebhookDeliveries(
    tx,
    endpoints
      .filter((endpoint) => endpoint.scope === 'AUTHOR')
      .map((endpoint) => ({
        endpointId: endpoint.id,
        eventId: factId,
        type: 'comment.created' as const,
        created: comment.createdAt,
        data: {
          itemType,
          itemId,
          name: item.name,
          commentId: comment.commentId,
          text: comment.text,
          commenter: item.commenter,
          createdAt: comment.createdAt.toISOString(),
        },
      })),
  );
}
