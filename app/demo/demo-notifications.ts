import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { CATALOGUE_STREAM_TYPE } from '../../api/catalogue/catalogue-facts';
import { buyerAccountIds } from '../../api/accounts/users.repository';
import { setFollowing } from '../../api/community/set-following.handler';
import { setWished } from '../../api/community/set-wished.handler';
import {
  catalogueItemStreamId,
  type ItemPriceChanged,
  type ItemPublished,
  type ItemType,
} from '../../domain/community/community.events';
import type { AppendRequest } from '../../infra/event-store/event-store';
import { notificationsProjection } from '../../projections/notifications.projection';
import { backdated } from '../../infra/event-store/backdating';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';

const DAY = 24 * 60 * 60 * 1000;
const demoMetadata = (userId: number) => ({
  actor: { userId, role: 'regular' },
  correlationId: 'demo-seed',
});

const itemRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  id: z.number(),
  author_id: z.number(),
  username: z.string(),
  title: z.string(),
  game: z.string(),
  price_cents: z.number(),
  created_at: z.number(),
});
type Item = z.infer<typeof itemRow>;

/**
 * The community's catalogue facts and the demo player's bell (docs/community.md, "Demo data"):
 * every published demo skin and bundle gets its ItemPublished at its creation time; `player`
 * follows `author` and the author of the newest skins (before their latest work, so those come as
 * NEW_ITEM), wishes two skins of other authors, and one of them gets cheaper (PRICE_DROP). The
 * authors' SALE notifications come from the demo orders' payments. The older half of player's and
 * author's notifications are marked read, the newest stay unread.
 *
 * Follows and wishes go through the follow and wish commands, so one the follows demo
 * (demo-follows-wishes.ts, run after this) repeats writes nothing.
 */
export async function seedDemoNotifications(
  app: AppContext,
  accounts: { admin: number; author: number; player: number },
): Promise<void> {
  const now = app.now().getTime();
  const started = performance.now();
  const items = await app.pool.any(sql.type(itemRow)`
    select * from (
      select 'SKIN' as item_type, s.id, s.author_id, u.username::text as username, s.title, s.game,
             s.price_cents, s.created_at
      from skins s join users u on u.id = s.author_id where s.published and s.deleted_at is null
      union all
      select 'BUNDLE', b.id, b.author_id, u.username::text, b.title, b.game, b.price_cents, b.created_at
      from bundles b join users u on u.id = b.author_id where b.published and b.deleted_at is null
    ) items order by created_at, item_type, id`);
  if (items.length === 0) return;

  // Player follows `author` and the author of the newest skin (another one when that is `author`).
  const newestOther = items.findLast(
    (item) => item.author_id !== accounts.author && item.author_id !== accounts.player,
  );
  const followed = [accounts.author, ...(newestOther ? [newestOther.author_id] : [])];
  const ofFollowed = items.filter((item) => followed.includes(item.author_id));
  // Before the fifth-newest item of the followed authors: five or more NEW_ITEM notifications.
  const followAt = Math.max(
    (ofFollowed.at(-5)?.created_at ?? now - 30 * DAY) - DAY,
    items[0]!.created_at + 60_000,
  );

  const published = (item: Item): AppendRequest => {
    const event: ItemPublished = {
      type: 'ItemPublished',
      data: {
        itemType: item.item_type,
        itemId: item.id,
        authorId: item.author_id,
        name: item.title,
        game: item.game,
        priceCents: item.price_cents,
        publishedAt: new Date(item.created_at).toISOString(),
        authorName: item.username,
      },
    };
    return {
      streamId: catalogueItemStreamId(item.item_type, item.id),
      streamType: CATALOGUE_STREAM_TYPE,
      expectedVersion: 'no_stream',
      events: [
        {
          ...event,
          metadata: demoMetadata(item.author_id),
          occurredAt: backdated(new Date(item.created_at)),
        },
      ],
    };
  };
  const publishAll = async (list: readonly Item[]) => {
    for (let start = 0; start < list.length; start += 50) {
      await app.store.appendAlone(app.pool, list.slice(start, start + 50).map(published));
    }
  };

  // In time order: what came out before the follows, the follows, then the rest.
  await publishAll(items.filter((item) => item.created_at < followAt));
  for (const authorId of followed) await followOnce(app, accounts.player, authorId, new Date(followAt));
  await publishAll(items.filter((item) => item.created_at >= followAt));

  // Two wished paid skins; one that nobody bought and no bundle holds gets cheaper
  // (the demo orders and bundles keep the prices they were made at).
  const unsold = new Set(
    await app.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
      select s.id from skins s
      where not exists (select 1 from order_items i where i.item_type = 'SKIN' and i.item_id = s.id)
        and not exists (select 1 from order_items i where s.id = any(i.skin_ids))
        and not exists (select 1 from bundle_skins b where b.skin_id = s.id)`),
  );
  // A wish of an owned skin is refused.
  const owned = new Set(
    await app.pool.anyFirst(sql.type(z.object({ skin_id: z.number() }))`
      select skin_id from owned_skins
      where user_id in ${buyerAccountIds(accounts.player)} and acquired_at is not null`),
  );
  const candidates = items.filter(
    (item) =>
      item.item_type === 'SKIN' &&
      item.price_cents >= 400 &&
      !followed.includes(item.author_id) &&
      item.author_id !== accounts.player &&
      !owned.has(item.id),
  );
  const dropped = items.findLast(
    (item) =>
      item.item_type === 'SKIN' &&
      item.price_cents >= 400 &&
      item.author_id !== accounts.player &&
      unsold.has(item.id),
  );
  const wished = [candidates.findLast((item) => item !== dropped), dropped].filter(
    (item): item is Item => item !== undefined,
  );
  const wishAt = now - 12 * DAY;
  for (const item of wished) await wishOnce(app, accounts.player, 'SKIN', item.id, new Date(wishAt));
  // After every demo item came out (the newest is half a day old): the newest notification.
  if (dropped) await dropPrice(app, dropped, new Date(now - 3 * 3_600_000));

  // The catch-up runner starts after the seeding: build the notifications now to mark some read.
  await runUntilCaughtUp(
    { pool: app.pool, store: app.store, batchSize: app.config.projections.batchSize },
    notificationsProjection,
  );
  await markOlderHalfRead(app, accounts.player);
  await markOlderHalfRead(app, accounts.author);
  app.log.info(
    {
      published: items.length,
      followed,
      wished: wished.length,
      seconds: (performance.now() - started) / 1000,
    },
    'demo notifications loaded',
  );
}

// Through the same commands as the API: a follow or wish the follows demo already wrote writes nothing.
const followOnce = (app: AppContext, userId: number, authorId: number, at: Date) =>
  setFollowing(app, {
    authorId,
    userId,
    follow: true,
    metadata: demoMetadata(userId),
    occurredAt: backdated(at),
  });

const wishOnce = (app: AppContext, userId: number, itemType: ItemType, itemId: number, at: Date) =>
  setWished(app, {
    userId,
    itemType,
    itemId,
    wish: true,
    metadata: demoMetadata(userId),
    occurredAt: backdated(at),
  });

/** A quarter off (to whole 50 cents, at least 2 EUR), as the author's editor would record it. */
async function dropPrice(app: AppContext, item: Item, at: Date) {
  const toCents = Math.max(200, Math.floor((item.price_cents * 0.75) / 50) * 50);
  if (toCents >= item.price_cents) return;
  const event: ItemPriceChanged = {
    type: 'ItemPriceChanged',
    data: {
      itemType: 'SKIN',
      itemId: item.id,
      authorId: item.author_id,
      name: item.title,
      fromCents: item.price_cents,
      toCents,
      changedAt: at.toISOString(),
    },
  };
  await app.pool.transaction(async (tx) => {
    await app.store.append(tx, {
      streamId: catalogueItemStreamId('SKIN', item.id),
      streamType: CATALOGUE_STREAM_TYPE,
      expectedVersion: 'any',
      events: [{ ...event, metadata: demoMetadata(item.author_id), occurredAt: backdated(at) }],
    });
    await tx.query(sql.unsafe`
      update skins set price_cents = ${toCents}, modified_at = ${at.toISOString()} where id = ${item.id}`);
  });
}

/** Everything but the newest three (or the newest half, when fewer than six) counts as read. */
async function markOlderHalfRead(app: AppContext, userId: number) {
  const positions = await app.pool.anyFirst(sql.type(z.object({ position: z.number() }))`
    select distinct position from notifications where user_id = ${userId} order by position desc`);
  const keep = Math.min(3, Math.ceil(positions.length / 2));
  const mark = positions[keep];
  if (mark === undefined) return;
  await app.pool.query(sql.unsafe`
    insert into notification_reads (user_id, read_up_to_position) values (${userId}, ${mark})
    on conflict (user_id) do update set read_up_to_position = excluded.read_up_to_position`);
}
