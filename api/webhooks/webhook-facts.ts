import { sql } from 'slonik';
import { z } from 'zod';
import type {
  ItemReported,
  ItemTakenDown,
  ReportsDismissed,
} from '../../domain/moderation/item-moderation.decider';
import {
  orderStreamId,
  type OrderPlaced,
  type OrderRefunded,
  type OrderedItem,
  type PaymentReceived,
} from '../../domain/orders/order.events';
import type { PayoutFailed, PayoutLocked, PayoutSent } from '../../domain/payouts/payout.events';
import type { SkinRated } from '../../domain/ratings/rating.decider';
import type { WebhookEventType } from '../../domain/webhooks/webhook.schemas';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import type { EventStore, StoredEvent } from '../../infra/event-store/event-store';
import { payoutAuthor } from '../../projections/notifications.projection';

/*
 * What each fact of the feed tells which webhook endpoints (docs/webhooks.md, "Events"): the data
 * for each person it concerns (an author's own items, payouts and skins; a reporter's report) and
 * for site-wide endpoints. No buyer's or voter's name, email or address goes out: an author sees
 * what was sold and their share, never who bought; a payout's bank or PayPal details stay inside.
 */

export type WebhookSourceEvent =
  | PaymentReceived
  | OrderRefunded
  | PayoutLocked
  | PayoutSent
  | PayoutFailed
  | SkinRated
  | ItemReported
  | ItemTakenDown
  | ReportsDismissed;

export const WEBHOOK_SOURCE_EVENT_TYPES: readonly WebhookSourceEvent['type'][] = [
  'PaymentReceived',
  'OrderRefunded',
  'PayoutLocked',
  'PayoutSent',
  'PayoutFailed',
  'SkinRated',
  'ItemReported',
  'ItemTakenDown',
  'ReportsDismissed',
];

export type WebhookFact = {
  type: WebhookEventType;
  /** The data each concerned person's own endpoints get. */
  forUsers: Map<number, Record<string, unknown>>;
  /** The data site-wide endpoints get; null when they are not told. */
  forSite: Record<string, unknown> | null;
};

type Deps = { store: EventStore };

async function orderPlaced(deps: Deps, tx: DatabaseTransactionConnection, orderId: string) {
  const { events } = await deps.store.readStream(tx, orderStreamId(orderId));
  const placed = events.find((event) => event.type === 'OrderPlaced');
  return placed ? (placed.data as OrderPlaced['data']) : null;
}

const itemOf = (item: OrderedItem) => ({
  itemType: item.itemType,
  itemId: item.itemId,
  name: item.name,
  priceCents: item.priceCents,
  tipCents: item.tipCents,
  vatCents: item.vatCents ?? 0,
  siteFeeCents: item.siteFeeCents,
  paymentFeeCents: item.paymentFeeCents,
  authorShareCents: item.authorShareCents,
});

/** A sale or refund told to each author about their own items, and the whole order site-wide. */
function orderFact(
  type: 'sale.completed' | 'sale.refunded',
  placed: OrderPlaced['data'],
  at: Record<string, unknown>,
): WebhookFact {
  const order = { orderId: placed.orderId, orderNumber: placed.externalId ?? null, currency: 'EUR', ...at };
  const byAuthor = new Map<number, OrderedItem[]>();
  for (const item of placed.items)
    byAuthor.set(item.authorId, [...(byAuthor.get(item.authorId) ?? []), item]);
  const forUsers = new Map<number, Record<string, unknown>>();
  for (const [authorId, items] of byAuthor) {
    forUsers.set(authorId, {
      ...order,
      items: items.map(itemOf),
      authorShareCents: items.reduce((sum, item) => sum + item.authorShareCents, 0),
    });
  }
  return {
    type,
    forUsers,
    forSite: {
      ...order,
      paymentType: placed.paymentType,
      items: placed.items.map((item) => ({ ...itemOf(item), authorId: item.authorId })),
      totals: { ...placed.totals, vatCents: placed.totals.vatCents ?? 0 },
    },
  };
}

const skinRow = z.object({ author_id: z.number(), title: z.string() });

export async function webhookFactsOf(
  deps: Deps,
  tx: DatabaseTransactionConnection,
  event: StoredEvent<WebhookSourceEvent>,
): Promise<WebhookFact[]> {
  switch (event.type) {
    case 'PaymentReceived': {
      const placed = await orderPlaced(deps, tx, event.data.orderId);
      return placed ? [orderFact('sale.completed', placed, { paidAt: event.data.receivedAt })] : [];
    }
    case 'OrderRefunded': {
      const placed = await orderPlaced(deps, tx, event.data.orderId);
      return placed ? [orderFact('sale.refunded', placed, { refundedAt: event.data.refundedAt })] : [];
    }
    case 'PayoutLocked': {
      const { payoutId, authorId, amountCents, itemCount, destination, payoutDate, lockedAt } = event.data;
      const data = {
        payoutId,
        authorId,
        amountCents,
        currency: 'EUR',
        itemCount,
        method: destination.method,
        payoutDate,
        lockedAt,
      };
      return [{ type: 'payout.locked', forUsers: new Map([[authorId, data]]), forSite: data }];
    }
    case 'PayoutSent': {
      const authorId = await payoutAuthor(tx, event.data.payoutId);
      if (authorId === null) return [];
      const { payoutId, amountCents, destination, transferReference, sentAt } = event.data;
      const data = {
        payoutId,
        authorId,
        amountCents,
        currency: 'EUR',
        method: destination.method,
        transferReference,
        sentAt,
      };
      return [{ type: 'payout.sent', forUsers: new Map([[authorId, data]]), forSite: data }];
    }
    case 'PayoutFailed': {
      const authorId = await payoutAuthor(tx, event.data.payoutId);
      if (authorId === null) return [];
      const data = { ...event.data, authorId };
      return [{ type: 'payout.failed', forUsers: new Map([[authorId, data]]), forSite: data }];
    }
    case 'SkinRated': {
      const skin = await tx.maybeOne(sql.type(skinRow)`
        select author_id, title from skins where id = ${event.data.skinId}`);
      if (!skin) return [];
      // Who voted stays private: the author learns the vote, not the voter.
      const data = {
        skinId: event.data.skinId,
        name: skin.title,
        rating: event.data.rating,
        previousRating: event.data.previousRating,
      };
      return [{ type: 'rating.created', forUsers: new Map([[skin.author_id, data]]), forSite: null }];
    }
    case 'ItemReported': {
      const { itemType, itemId, reporterId, reason, text, reportedAt } = event.data;
      const data = { itemType, itemId, reporterId, reason, text, reportedAt };
      return [{ type: 'report.created', forUsers: new Map(), forSite: data }];
    }
    case 'ItemTakenDown': {
      const { itemType, itemId, reason, upheldReporterIds, takenDownAt } = event.data;
      const mine = { itemType, itemId, outcome: 'UPHELD', resolvedAt: takenDownAt };
      return [
        {
          type: 'report.resolved',
          forUsers: new Map(upheldReporterIds.map((id) => [id, mine])),
          forSite: { ...mine, reason, reporterIds: upheldReporterIds },
        },
      ];
    }
    case 'ReportsDismissed': {
      const { itemType, itemId, reporterIds, note, dismissedAt } = event.data;
      const mine = { itemType, itemId, outcome: 'DISMISSED', resolvedAt: dismissedAt };
      return [
        {
          type: 'report.resolved',
          forUsers: new Map(reporterIds.map((id) => [id, mine])),
          forSite: { ...mine, note, reporterIds },
        },
      ];
    }
  }
}
