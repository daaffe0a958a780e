import { sql } from 'slonik';
import { z } from 'zod';
import type { CommunityEvent, ItemType } from '../domain/community/community.events';
import {
  itemLink,
  joinedBundleNotifications,
  newItemNotifications,
  newVersionNotifications,
  priceDropNotifications,
  saleNotifications,
  type NotificationDraft,
} from '../domain/community/notification-rules';
import {
  payoutSentNotification,
  restoreNotification,
  takedownNotification,
  type ModeratedItem,
} from '../domain/community/author-notice-rules';
import type { AccountBlocked } from '../domain/accounts/account.events';
import type { AppealDecided } from '../domain/moderation/appeal.decider';
import type {
  ItemReported,
  ItemRestored,
  ItemTakenDown,
  ReportsDismissed,
} from '../domain/moderation/item-moderation.decider';
import type { ModeratedItemType } from '../domain/moderation/moderation.schemas';
import {
  appealDecidedNotification,
  reportReceivedNotification,
  reportResolvedNotification,
  statementNotification,
} from '../domain/moderation/statement-notices';
import type { OrderRefunded, PaymentReceived } from '../domain/orders/order.events';
import type { PayoutFailed, PayoutSent } from '../domain/payouts/payout.events';
import type { WebhookEndpointPaused } from '../domain/webhooks/webhook-endpoint.decider';
import { ERASED_PERSONAL_DATA } from '../domain/personal-data/personal-fields';
import { webhookPausedNotification } from '../domain/webhooks/webhook-notices';
import type { DatabaseTransactionConnection } from '../infra/db/pool';
import { isEventOf, type StoredEvent } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

type NotificationEvent =
  | CommunityEvent
  | PaymentReceived
  | OrderRefunded
  | ItemTakenDown
  | ItemRestored
  | PayoutSent
  | WebhookEndpointPaused
  | ItemReported
  | ReportsDismissed
  | AccountBlocked
  | PayoutFailed
  | AppealDecided;
export const NOTIFICATION_EVENT_TYPES: readonly NotificationEvent['type'][] = [
  'AuthorFollowed',
  'AuthorUnfollowed',
  'ItemWished',
  'ItemUnwished',
  'ItemPublished',
  'ItemPriceChanged',
  'SkinsAddedToBundle',
  'SkinVersionPublished',
  'PaymentReceived',
  'OrderRefunded',
  'ItemTakenDown',
  'ItemRestored',
  'PayoutSent',
  'WebhookEndpointPaused',
  'ItemReported',
  'ReportsDismissed',
  'AccountBlocked',
  'PayoutFailed',
  'AppealDecided',
];
const isNotificationEvent = isEventOf<NotificationEvent>(NOTIFICATION_EVENT_TYPES);

const userIds = z.object({ user_id: z.number() });
const wisherRow = z.object({ item_id: z.number(), user_id: z.number() });
const urlRow = z.object({ url: z.string() });
const nameRow = z.object({ username: z.string() });
const orderRow = z.object({
  external_id: z.string(),
  buyer_user_id: z.number().nullable(),
  items: z.array(
    z.object({
      author_id: z.number(),
      name: z.string(),
      item_type: z.string(),
      item_id: z.number(),
      skin_ids: z.array(z.number()),
    }),
  ),
});

const followersOf = (tx: DatabaseTransactionConnection, authorId: number) =>
  tx.anyFirst(sql.type(userIds)`select user_id from notification_follows where author_id = ${authorId}`);

const wishersOf = (tx: DatabaseTransactionConnection, itemType: ItemType, itemIds: readonly number[]) =>
  tx.any(sql.type(wisherRow)`
    select item_id, user_id from notification_wishes
    where item_type = ${itemType} and item_id = any(${sql.array([...itemIds], 'int8')})`);

/** The page of a skin or bundle: its slug is fixed once published, so a rebuild finds the same. */
async function urlOf(tx: DatabaseTransactionConnection, itemType: ItemType, itemId: number) {
  const table = sql.identifier(['public', itemType === 'SKIN' ? 'skins' : 'bundles']);
  return tx.maybeOneFirst(sql.type(urlRow)`select url::text as url from ${table} where id = ${itemId}`);
}

async function authorNameOf(tx: DatabaseTransactionConnection, authorId: number) {
  return (
    (await tx.maybeOneFirst(sql.type(nameRow)`
      select case when deleted_at is null then username::text else ${ERASED_PERSONAL_DATA} end as username
      from public.users where id = ${authorId}`)) ?? 'an author you follow'
  );
}

/** A paid order's items as the orders read model (inline, so written before any payment) holds them. */
async function paidOrder(tx: DatabaseTransactionConnection, orderId: string) {
  return tx.maybeOne(sql.type(orderRow)`
    select o.external_id, o.buyer_user_id,
      coalesce((select json_agg(json_build_object('author_id', i.author_id, 'name', i.name,
        'item_type', i.item_type, 'item_id', i.item_id, 'skin_ids', coalesce(i.skin_ids, '{}'))
        order by i.position) from public.order_items i where i.order_id = o.id), '[]') as items
    from public.orders o where o.id = ${Number(orderId)}`);
}

const moderatedRow = z.object({ author_id: z.number(), name: z.string(), url: z.string() });

/** A skin or bundle an admin moderated, with its author, name and page (comments are not told). */
export async function moderatedItem(
  tx: DatabaseTransactionConnection,
  itemType: string,
  itemId: number,
): Promise<ModeratedItem | null> {
  if (itemType !== 'SKIN' && itemType !== 'BUNDLE') return null;
  const table = sql.identifier(['public', itemType === 'SKIN' ? 'skins' : 'bundles']);
  const row = await tx.maybeOne(sql.type(moderatedRow)`
    select author_id, title as name, url::text as url from ${table} where id = ${itemId}`);
  return row ? { itemType, itemId, authorId: row.author_id, name: row.name, url: row.url } : null;
}

/** The author of a payout (the payouts read model is inline: written with the payout's events). */
export async function payoutAuthor(tx: DatabaseTransactionConnection, payoutId: number) {
  return tx.maybeOneFirst(sql.type(z.object({ author_id: z.number() }))`
    select author_id from public.payouts where id = ${payoutId}`);
}

const commentPageRow = z.object({ skin_url: z.string().nullable(), bundle_url: z.string().nullable() });

/** Where a reported item is: a skin's or bundle's page, or the page a comment is on. */
async function reportedItemLink(
  tx: DatabaseTransactionConnection,
  itemType: ModeratedItemType,
  itemId: number,
): Promise<string> {
  if (itemType !== 'COMMENT') return itemLink(itemType, await urlOf(tx, itemType, itemId));
  const row = await tx.maybeOne(sql.type(commentPageRow)`
    select s.url::text as skin_url, b.url::text as bundle_url from public.comments c
    left join public.skins s on s.id = c.skin_id left join public.bundles b on b.id = c.bundle_id
    where c.id = ${itemId}`);
  if (row?.skin_url) return itemLink('SKIN', row.skin_url);
  if (row?.bundle_url) return itemLink('BUNDLE', row.bundle_url);
  return '/skins';
}

/** The reporters an admin's takedown or dismissal answered: each is told the outcome. */
async function reportOutcomes(
  tx: DatabaseTransactionConnection,
  fact: { itemType: ModeratedItemType; itemId: number },
  reporterIds: readonly number[],
  outcome: 'REMOVED' | 'KEPT',
): Promise<NotificationDraft[]> {
  if (reporterIds.length === 0) return [];
  const link = await reportedItemLink(tx, fact.itemType, fact.itemId);
  return reporterIds.map((reporterId) =>
    reportResolvedNotification({ reporterId, itemType: fact.itemType, outcome, link }),
  );
}

type NotificationRow = {
  user_id: number;
  position: number;
  kind: string;
  item_type: string | null;
  item_id: number | null;
  message: string;
  link: string;
  created_at: string;
};

const actorOf = (event: StoredEvent) => event.metadata.actor?.userId ?? null;

/**
 * Notifications (docs/community.md, "Notifications"): one row per person told about one fact, in
 * the product's words, with the causing event's position. Who is told comes from the projection's
 * own copies of follows, wishes and the skins paid orders grant, changed by the events in feed
 * order, so a rebuild fans each fact out to the people the live run did (rules in
 * domain/community/notification-rules.ts). Links and author names are read from the catalogue and
 * the accounts, whose slugs and usernames do not change once published. Authors are also told when
 * an admin takes down or restores a skin or bundle of theirs and when a payout of theirs is sent
 * (domain/community/author-notice-rules.ts).
 */
export const notificationsProjection: RebuildableProjection = {
  name: 'notifications',
  mode: 'catch-up',
  eventTypes: NOTIFICATION_EVENT_TYPES,
  tables: [
    { name: 'notification_follows' },
    { name: 'notification_wishes' },
    { name: 'notification_owners' },
    { name: 'notifications' },
  ],
  async apply(tx, events) {
    // Who is told depends on the audience copies as the events before left them, so each event's
    // drafts are made in feed order; the rows of the whole batch are then written in one statement.
    const rows: NotificationRow[] = [];
    for (const event of events.filter(isNotificationEvent)) {
      for (const draft of await draftsOf(tx, event)) {
        rows.push({
          user_id: draft.userId,
          position: event.globalPosition,
          kind: draft.kind,
          item_type: draft.itemType,
          item_id: draft.itemId,
          message: draft.message,
          link: draft.link,
          created_at: event.recordedAt.toISOString(),
        });
      }
    }
    if (rows.length === 0) return;
    await tx.query(sql.unsafe`
      insert into notifications (user_id, position, kind, item_type, item_id, message, link, created_at)
      select x.user_id, x.position, x.kind, x.item_type, x.item_id, x.message, x.link, x.created_at
      from json_to_recordset(${jsonRows(rows)}) as x(user_id bigint, position bigint, kind text,
        item_type text, item_id bigint, message text, link text, created_at timestamptz)
      on conflict do nothing`);
  },
  async reset(tx) {
    await tx.query(
      sql.unsafe`truncate notifications, notification_follows, notification_wishes, notification_owners`,
    );
  },
};

/** Keeps the audience copies up to date and returns the rows one event makes. */
async function draftsOf(
  tx: DatabaseTransactionConnection,
  event: StoredEvent<NotificationEvent>,
): Promise<NotificationDraft[]> {
  switch (event.type) {
    case 'AuthorFollowed':
      await tx.query(sql.unsafe`
        insert into notification_follows (author_id, user_id) values (${event.data.authorId}, ${event.data.userId})
        on conflict do nothing`);
      return [];
    case 'AuthorUnfollowed':
      await tx.query(sql.unsafe`
        delete from notification_follows where author_id = ${event.data.authorId} and user_id = ${event.data.userId}`);
      return [];
    case 'ItemWished':
      await tx.query(sql.unsafe`
        insert into notification_wishes (item_type, item_id, user_id)
        values (${event.data.itemType}, ${event.data.itemId}, ${event.data.userId})
        on conflict do nothing`);
      return [];
    case 'ItemUnwished':
      await tx.query(sql.unsafe`
        delete from notification_wishes
        where item_type = ${event.data.itemType} and item_id = ${event.data.itemId} and user_id = ${event.data.userId}`);
      return [];
    case 'ItemPublished': {
      const { data } = event;
      return newItemNotifications(data, {
        followers: await followersOf(tx, data.authorId),
        actorId: actorOf(event),
        url: await urlOf(tx, data.itemType, data.itemId),
        authorName: data.authorName ?? (await authorNameOf(tx, data.authorId)),
      });
    }
    case 'ItemPriceChanged': {
      const { data } = event;
      if (data.toCents >= data.fromCents) return [];
      const wishers = await wishersOf(tx, data.itemType, [data.itemId]);
      return priceDropNotifications(data, {
        wishers: wishers.map((row) => row.user_id),
        actorId: actorOf(event),
        url: await urlOf(tx, data.itemType, data.itemId),
      });
    }
    case 'SkinsAddedToBundle': {
      const { data } = event;
      const wishers = await wishersOf(
        tx,
        'SKIN',
        data.skins.map((skin) => skin.skinId),
      );
      const wishersBySkin = new Map<number, number[]>();
      for (const row of wishers)
        wishersBySkin.set(row.item_id, [...(wishersBySkin.get(row.item_id) ?? []), row.user_id]);
      return joinedBundleNotifications(data, {
        wishersBySkin,
        actorId: actorOf(event),
        url: await urlOf(tx, 'BUNDLE', data.bundleId),
      });
    }
    case 'SkinVersionPublished': {
      const { data } = event;
      const owners = await tx.anyFirst(sql.type(userIds)`
        select distinct user_id from notification_owners where skin_id = ${data.skinId}`);
      return newVersionNotifications(data, {
        owners,
        followers: await followersOf(tx, data.authorId),
        actorId: actorOf(event),
        url: await urlOf(tx, 'SKIN', data.skinId),
      });
    }
    case 'PaymentReceived': {
      const order = await paidOrder(tx, event.data.orderId);
      if (!order) return [];
      if (order.buyer_user_id !== null) {
        const skinIds = [
          ...new Set(
            order.items.flatMap((item) => (item.item_type === 'SKIN' ? [item.item_id] : item.skin_ids)),
          ),
        ];
        await tx.query(sql.unsafe`
          insert into notification_owners (skin_id, user_id, order_id)
          select skin_id, ${order.buyer_user_id}, ${Number(event.data.orderId)}
          from unnest(${sql.array(skinIds, 'int8')}) as skin_id
          on conflict do nothing`);
      }
      return saleNotifications({
        externalId: order.external_id,
        buyerUserId: order.buyer_user_id,
        items: order.items.map((item) => ({ authorId: item.author_id, name: item.name })),
      });
    }
    case 'OrderRefunded':
      await tx.query(
        sql.unsafe`delete from notification_owners where order_id = ${Number(event.data.orderId)}`,
      );
      return [];
    case 'ItemTakenDown': {
      const { data } = event;
      const item = await moderatedItem(tx, data.itemType, data.itemId);
      const outcomes = await reportOutcomes(tx, data, data.upheldReporterIds, 'REMOVED');
      // A takedown that names its rule sends a statement of reasons; earlier ones told the author plainly.
      if (data.ground && data.authorId !== undefined) {
        return [
          statementNotification({
            statementId: event.globalPosition,
            userId: data.authorId,
            kind: data.itemType === 'COMMENT' ? 'COMMENT_REMOVAL' : 'TAKEDOWN',
            itemType: data.itemType,
            itemLabel: item?.name ?? null,
            ground: data.ground,
          }),
          ...outcomes,
        ];
      }
      return [...(item ? [takedownNotification(data, item)] : []), ...outcomes];
    }
    case 'ItemReported': {
      const { data } = event;
      const link = await reportedItemLink(tx, data.itemType, data.itemId);
      return [reportReceivedNotification({ reporterId: data.reporterId, itemType: data.itemType, link })];
    }
    case 'ReportsDismissed':
      return reportOutcomes(tx, event.data, event.data.reporterIds, 'KEPT');
    case 'AccountBlocked': {
      const { data } = event;
      if (!data.ground) return [];
      return [
        statementNotification({
          statementId: event.globalPosition,
          userId: data.userId,
          kind: 'ACCOUNT_BLOCK',
          itemType: 'ACCOUNT',
          itemLabel: null,
          ground: data.ground,
        }),
      ];
    }
    case 'PayoutFailed': {
      const authorId = await payoutAuthor(tx, event.data.payoutId);
      if (authorId === null) return [];
      return [
        statementNotification({
          statementId: event.globalPosition,
          userId: authorId,
          kind: 'PAYOUT_HOLD',
          itemType: 'PAYOUT',
          itemLabel: `no. ${event.data.payoutId}`,
          ground: 'PAYOUT_DETAILS',
        }),
      ];
    }
    case 'AppealDecided':
      return [appealDecidedNotification(event.data)];
    case 'ItemRestored': {
      const item = await moderatedItem(tx, event.data.itemType, event.data.itemId);
      return item ? [restoreNotification(event.data, item)] : [];
    }
    case 'PayoutSent': {
      const authorId = await payoutAuthor(tx, event.data.payoutId);
      return authorId === null ? [] : [payoutSentNotification(event.data, authorId)];
    }
    case 'WebhookEndpointPaused':
      return [webhookPausedNotification(event.data)];
  }
}
