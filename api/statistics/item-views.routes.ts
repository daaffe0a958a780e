import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { sql } from 'slonik';
import { z } from 'zod';
import { bearerToken, cookieValue } from '../../infra/auth/session-tokens';
import type { Queryable } from '../../infra/db/pool';
import type { AppContext } from '../app-context';
import { addItemView } from './item-performance.repository';

const viewBody = z.object({
  itemType: z.enum(['SKIN', 'BUNDLE']),
  itemId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The author of a published item, or null when there is no such item to see. */
async function authorOfVisibleItem(db: Queryable, itemType: 'SKIN' | 'BUNDLE', itemId: number) {
  const table = sql.identifier([itemType === 'SKIN' ? 'skins' : 'bundles']);
  return db.maybeOneFirst(sql.type(z.object({ author_id: z.number() }))`
    select author_id from ${table} where id = ${itemId} and published and deleted_at is null`);
}

/**
 * Whether a page view is counted: not a bot (by the user agent, with the maintained `isbot` list;
 * a request without one is a script) and not the item's own author looking at their work.
 */
export function countsAsView(
  userAgent: string | undefined,
  viewerId: number | null,
  authorId: number,
): boolean {
  if (!userAgent || isbot(userAgent)) return false;
  return viewerId !== authorId;
}

/**
 * `POST /api/item-views` `{ itemType, itemId }`: the web app's skin and bundle pages report that they
 * were opened. One count per item and UTC day is added (`item_views_daily`); nothing about the
 * visitor is kept (no address, account, cookie or user agent). Answers 204 whether or not the view
 * counted, so the page learns nothing from it; 400 for a malformed body.
 */
export async function itemViewsRoutes(fastify: FastifyInstance, app: AppContext) {
  fastify.post('/api/item-views', async (request, reply) => {
    const parsed = viewBody.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ error: 'BAD_USER_INPUT', message: 'Give itemType (SKIN or BUNDLE) and itemId.' });
    }
    const { itemType, itemId } = parsed.data;
    const authorId = await authorOfVisibleItem(app.pool, itemType, itemId);
    if (authorId !== null) {
      const token =
        bearerToken(request.headers.authorization) ?? cookieValue(request.headers.cookie, 'token');
      const viewer = token ? await app.tokens.verify(token) : null;
      if (countsAsView(request.headers['user-agent'], viewer?.id ?? null, authorId)) {
        const day = app.now().toISOString().slice(0, 10);
        await addItemView(app.pool, itemType, itemId, day);
      }
    }
    return reply.code(204).send();
  });
}
