import { evolveGift, initialGiftState, type GiftState } from '../../domain/gifts/gift.decider';
import type { GiftGiven } from '../../domain/gifts/gift.events';
import {
  ORDER_STREAM_TYPE,
  orderEventSchemaVersions,
  type OrderEvent,
  type OrderPlaced,
} from '../../domain/orders/order.events';
import type { StreamKind } from '../../infra/event-store/command-handler';
import type { StoredEvent } from '../../infra/event-store/event-store';
import type { GiftMailContent } from './gift-claim-links';

/** The order's stream, which holds its gift's events too (docs/gifts.md). */
export const giftOrderStream: StreamKind<OrderEvent> = {
  streamType: ORDER_STREAM_TYPE,
  schemaVersions: orderEventSchemaVersions,
};

/** The gift's state folded from its order's stored events. */
export function giftStateOf(events: readonly StoredEvent[]): GiftState {
  return events.reduce((state, event) => evolveGift(state, event as unknown as OrderEvent), initialGiftState);
}

/** The recipient mail's content from the order's events, or null when the order is no gift. */
export function giftMailContentOf(events: readonly StoredEvent[]): GiftMailContent | null {
  const placed = events.find((event) => event.type === 'OrderPlaced') as unknown as OrderPlaced | undefined;
  const given = events.find((event) => event.type === 'GiftGiven') as unknown as GiftGiven | undefined;
  if (!placed || !given) return null;
  return {
    recipientEmail: given.data.recipientEmail,
    giverName: placed.data.buyer.fullName,
    note: given.data.note,
    items: placed.data.items.map((item) => ({ itemType: item.itemType, name: item.name })),
  };
}
