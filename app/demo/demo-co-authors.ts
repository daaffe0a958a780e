import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { runCoAuthorCommand } from '../../api/co-authors/co-author.handler';
import { backdated } from '../../infra/event-store/backdating';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import { guestBuysDemoSkin } from './demo-paid-order';

const DAY = 24 * 60 * 60 * 1000;
/** The demo's second author, who co-authors one of the demo author's skins. */
const CO_AUTHOR = 'mirek_apex';

const userId = (app: AppContext, username: string) =>
  app.pool.oneFirst(
    sql.type(z.object({ id: z.number() }))`select id from users where username = ${username}`,
  );

/**
 * A co-authored skin with two authors (docs/co-authors.md): the demo `author` invites mirek_apex to
 * their newest priced skin (published before then) twelve days ago, mirek accepts the next day, and the weights become
 * 3 (author) to 2 (mirek); three days ago a guest in Germany buys it, and the sale's author share is
 * split into both authors' open payouts (the allocation runs once the app's runner starts).
 */
export async function seedDemoCoAuthors(app: AppContext, now = Date.now()): Promise<void> {
  const [ownerId, coAuthorId] = await Promise.all([userId(app, 'author'), userId(app, CO_AUTHOR)]);
  const skin = await app.pool.one(sql.type(z.object({ id: z.number(), title: z.string() }))`
    select id, title from skins
    where author_id = ${ownerId} and listed and available_alone and price_cents > 0
      and created_at < ${new Date(now - 14 * DAY).toISOString()}
    order by created_at desc, id desc limit 1`);
  const item = { itemType: 'SKIN' as const, itemId: skin.id };
  const as = (actor: number, at: number) => ({
    metadata: { actor: { userId: actor }, correlationId: DEMO_SEED_CORRELATION_ID },
    occurredAt: backdated(now - at),
  });
  await runCoAuthorCommand(
    app,
    ownerId,
    item,
    { kind: 'invite', username: CO_AUTHOR, weight: 2 },
    as(ownerId, 12 * DAY),
  );
  await runCoAuthorCommand(app, coAuthorId, item, { kind: 'answer', accept: true }, as(coAuthorId, 11 * DAY));
  await runCoAuthorCommand(
    app,
    ownerId,
    item,
    {
      kind: 'setWeights',
      weights: [
        { authorId: ownerId, weight: 3 },
        { authorId: coAuthorId, weight: 2 },
      ],
    },
    as(ownerId, 11 * DAY - 2 * 60 * 60 * 1000),
  );
  await guestBuysDemoSkin(app, {
    guest: { email: 'lena.co-authored@example.com', fullname: 'Lena Vogel', country: 'de' },
    skinId: skin.id,
    paymentType: 'STRIPE',
    placedAt: new Date(now - 3 * DAY),
    reference: (orderId) => `lc_demo_co_authored_${orderId}`,
    openedAfterMs: 20_000,
    paidAfterMs: 90_000,
  });
}
