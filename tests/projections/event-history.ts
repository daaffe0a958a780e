import type { GiftedItem } from '../../domain/gifts/gift.events';
import fc from 'fast-check';
import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool } from '../../infra/db/pool';
import type { AppendRequest, EventStore, NewEvent } from '../../infra/event-store/event-store';
import type { SkinDownloaded } from '../../domain/downloads/download.events';
import {
  creditNoteSeriesStreamId,
  INVOICE_SERIES_STREAM_TYPE,
  invoiceSeriesStreamId,
  type InvoiceSeriesEvent,
} from '../../domain/invoices/invoice.events';
import type { OrderEvent, OrderedItem, PriceReduction } from '../../domain/orders/order.events';
import { MIN_PAYOUT_CENTS } from '../../domain/payouts/payout.decider';
import {
  PAYOUT_PREFERENCES_STREAM_TYPE,
  PAYOUT_SCHEDULES,
  payoutPreferencesDecider,
  payoutPreferencesStreamId,
  type PayoutPreferencesState,
} from '../../domain/payouts/payout-preferences';
import type { PayoutDestination, PayoutEvent, PayoutItem } from '../../domain/payouts/payout.events';
import type { SkinRated } from '../../domain/ratings/rating.decider';
import type { SkinOfTheMonthEvent } from '../../domain/skin-of-the-month/skin-of-the-month';
import {
  decideSkinVersion,
  evolveSkinVersion,
  initialSkinVersionState,
  skinVersionsStreamId,
  type SkinVersionState,
} from '../../domain/community/skin-version.decider';
import { projections } from '../../projections';
import {
  accountBlockDecider,
  accountStreamId,
  type AccountBlockState,
} from '../../domain/accounts/account.events';
import {
  itemModerationDecider,
  itemModerationStreamId,
  type ItemModerationCommand,
  type ItemModerationState,
} from '../../domain/moderation/item-moderation.decider';
import { appealDecider, appealStreamId, type AppealState } from '../../domain/moderation/appeal.decider';
import { MODERATED_ITEM_TYPES, REPORT_REASONS } from '../../domain/moderation/moderation.schemas';
import { followDecider, type FollowState } from '../../domain/community/follow.decider';
import {
  coAuthorDecider,
  type CoAuthorCommand,
  type CoAuthorState,
} from '../../domain/co-authors/co-author.decider';
import {
  CO_AUTHORS_STREAM_TYPE,
  coAuthorsStreamId,
  type CoAuthorEvent,
} from '../../domain/co-authors/co-author.events';
import { wishDecider, type WishState } from '../../domain/community/wish.decider';
import { authorSalesDecider, type AuthorSalesState } from '../../domain/sales/sale.decider';
import { authorSalesStreamId } from '../../domain/sales/sale.events';
import {
  authorFollowStreamId,
  catalogueItemStreamId,
  wishStreamId,
  type CommunityEvent,
} from '../../domain/community/community.events';
import {
  discountCodeDecider,
  type DiscountCodeCommand,
  type DiscountCodeState,
} from '../../domain/discount-codes/discount-code.decider';
import { discountCodeStreamId } from '../../domain/discount-codes/discount-code.events';
import {
  socialPostStreamId,
  type SocialPublicationEvent,
} from '../../domain/social/social-publication.events';

/**
 * Generated histories of the marketplace's events, appended through the store to the streams the
 * app uses, with the shapes of domain/*: votes and re-votes (recorded out of time order), downloads
 * by repeat downloaders across days and months (sometimes several in one transaction, on per-skin or
 * per-downloader streams), orders placed, paid (with their invoices), cancelled, expired and refunded (with credit notes), payouts opened,
 * filled, emptied, locked, exported, sent, failed and locked again, Skin of the Month choices,
 * reports, takedowns, restores and dismissals of items, account blocks, social publications, and
 * the community's follows, wishes, catalogue facts and skin versions, and the co-authors of skins.
 * A small model keeps every history one the deciders could have written.
 */
export const historyStep = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('vote' as const),
      // Few skins and voters: re-votes are frequent.
      skin: fc.integer({ min: 1, max: 2 }),
      user: fc.integer({ min: 1, max: 2 }),
      rating: fc.integer({ min: 1, max: 5 }),
      // Recorded up to ten hours before or after the clock: a later vote may carry an earlier time.
      shiftMinutes: fc.integer({ min: -600, max: 600 }),
    }),
  },
  fc.record({
    kind: fc.constant('download' as const),
    skin: fc.integer({ min: 1, max: 3 }),
    downloaders: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
    // Days from the history's start: repeat downloaders across days and months.
    day: fc.integer({ min: 0, max: 75 }),
    perDownloaderStreams: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('place' as const),
    buyer: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    skins: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
    bundle: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('order' as const),
    pick: fc.nat(),
    action: fc.constantFrom('session' as const, 'pay' as const, 'cancel' as const, 'refund' as const),
  }),
  fc.record({
    kind: fc.constant('payout' as const),
    author: fc.integer({ min: 1, max: 2 }),
    pick: fc.nat(),
    action: fc.constantFrom(
      'add' as const,
      'add' as const,
      'remove' as const,
      'adjust' as const,
      'lock' as const,
      'export' as const,
      'send' as const,
      'fail' as const,
      'relock' as const,
    ),
  }),
  fc.record({
    kind: fc.constant('month' as const),
    month: fc.integer({ min: 1, max: 4 }),
    skin: fc.integer({ min: 1, max: 3 }),
    skipped: fc.boolean(),
  }),
  {
    // Takedowns need a report first: more moderation steps, so the histories reach them.
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('moderate' as const),
      itemType: fc.constantFrom(...MODERATED_ITEM_TYPES),
      item: fc.integer({ min: 1, max: 2 }),
      action: fc.constantFrom(
        'report' as const,
        'report' as const,
        'take-down' as const,
        'restore' as const,
        'dismiss-reports' as const,
      ),
      // User 9 is the items' author.
      user: fc.integer({ min: 1, max: 3 }),
      reason: fc.constantFrom(...REPORT_REASONS),
    }),
  },
  fc.record({
    kind: fc.constant('social' as const),
    network: fc.constantFrom('TWITTER' as const, 'INSTAGRAM' as const),
    failed: fc.boolean(),
    skin: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('version' as const),
    skin: fc.integer({ min: 1, max: 3 }),
    changelog: fc.constantFrom('Sharper stripes', 'New number plates', 'Fixed the mirrors'),
  }),
  fc.record({
    kind: fc.constant('catalogue' as const),
    action: fc.constantFrom('publish' as const, 'price' as const, 'bundle-add' as const),
    // Author 9's skins 1-3 or bundle 1.
    item: fc.integer({ min: 1, max: 3 }),
    bundle: fc.boolean(),
    cents: fc.integer({ min: 0, max: 900 }),
  }),
  // Blocks and appeals share one weight, so the other steps stay as frequent as before. An appeal
  // is against one of the statements so far (takedowns, blocks), or its answer.
  fc.oneof(
    fc.record({
      kind: fc.constant('block' as const),
      user: fc.integer({ min: 1, max: 2 }),
      block: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('appeal' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('UPHELD' as const, 'REVERSED' as const),
    }),
  ),
  // Follows and wishes share one weight, so the other steps stay as frequent as before.
  fc.oneof(
    fc.record({
      kind: fc.constant('follow' as const),
      // Few pairs: follow, unfollow and follow again are frequent.
      author: fc.integer({ min: 8, max: 9 }),
      user: fc.integer({ min: 1, max: 2 }),
      follow: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('wish' as const),
      user: fc.integer({ min: 1, max: 2 }),
      itemType: fc.constantFrom('SKIN' as const, 'BUNDLE' as const),
      item: fc.integer({ min: 1, max: 2 }),
      wish: fc.boolean(),
    }),
    // Author 9's discount codes: made, deactivated, redeemed by a placed order, released.
    fc.record({
      kind: fc.constant('code' as const),
      code: fc.constantFrom('SPRING', 'LOYAL'),
      action: fc.constantFrom(
        'create' as const,
        'deactivate' as const,
        'redeem' as const,
        'release' as const,
      ),
      pick: fc.nat({ max: 100 }),
    }),
    // Author 9's sales: schedule one on a skin, change or cancel one of them.
    fc.record({
      kind: fc.constant('sale' as const),
      action: fc.constantFrom('schedule' as const, 'change' as const, 'cancel' as const),
      pick: fc.nat(),
      item: fc.integer({ min: 1, max: 3 }),
      percentOff: fc.integer({ min: 1, max: 90 }),
      startInHours: fc.integer({ min: 0, max: 48 }),
      lengthHours: fc.integer({ min: 1, max: 72 }),
    }),
    fc.record({
      kind: fc.constant('preferences' as const),
      author: fc.integer({ min: 8, max: 9 }),
      thresholdCents: fc.integer({ min: MIN_PAYOUT_CENTS, max: MIN_PAYOUT_CENTS + 10_000 }),
      schedule: fc.constantFrom(...PAYOUT_SCHEDULES),
      held: fc.boolean(),
    }),
    // Co-authors of two skins owned by author 8: invitations, answers, weights, removals.
    fc.record({
      kind: fc.constant('co-author' as const),
      item: fc.integer({ min: 1, max: 2 }),
      user: fc.integer({ min: 1, max: 3 }),
      action: fc.constantFrom('invite', 'accept', 'decline', 'weights', 'remove', 'leave'),
      weight: fc.integer({ min: 1, max: 5 }),
    }),
  ),
);
type GeneratedStep = typeof historyStep extends fc.Arbitrary<infer Step> ? Step : never;
export type HistoryStep =
  | GeneratedStep
  // An account deleted: its keys destroyed, its personal fields read as "deleted user" from then on
  // (before and after, live and rebuilt; docs/personal-data.md). Generated apart (`erasures`), so the
  // other steps' histories stay as the seed gave them before.
  | { kind: 'erase'; user: number };

/** Accounts deleted at some points of a history: `at` picks the position among its steps. */
export const erasures = fc.array(fc.record({ at: fc.nat(), user: fc.integer({ min: 1, max: 2 }) }), {
  maxLength: 2,
});

/** The history with the deletions put in at their positions. */
export function withErasures(
  steps: readonly HistoryStep[],
  deletions: readonly { at: number; user: number }[],
): HistoryStep[] {
  const result = [...steps];
  for (const { at, user } of deletions) result.splice(at % (result.length + 1), 0, { kind: 'erase', user });
  return result;
}

/**
 * A short history that surely pays and refunds an order (with its invoice and credit note) and
 * co-authors and wishes a skin: the sampled ones seldom do, so the tests add it to what they sample.
 */
export const paidAndRefunded: GeneratedStep[] = [
  { kind: 'place', buyer: 1, skins: [1], bundle: false },
  { kind: 'place', buyer: null, skins: [2, 3], bundle: true },
  // Buyer 3 gives gifts: one paid and claimed (a second 'pay'), one paid, claimed and refunded.
  { kind: 'place', buyer: 3, skins: [3], bundle: true },
  { kind: 'place', buyer: 3, skins: [2], bundle: false },
  { kind: 'order', pick: 0, action: 'session' },
  { kind: 'order', pick: 0, action: 'pay' },
  { kind: 'order', pick: 1, action: 'pay' },
  { kind: 'order', pick: 0, action: 'refund' },
  { kind: 'order', pick: 2, action: 'pay' },
  { kind: 'order', pick: 2, action: 'pay' },
  { kind: 'order', pick: 3, action: 'pay' },
  { kind: 'order', pick: 3, action: 'pay' },
  { kind: 'order', pick: 3, action: 'refund' },
  { kind: 'code', code: 'SPRING', action: 'create', pick: 1 },
  { kind: 'code', code: 'SPRING', action: 'redeem', pick: 1 },
  { kind: 'preferences', author: 9, thresholdCents: 8000, schedule: 'QUARTERLY', held: false },
  // A sale running on one of author 9's skins.
  { kind: 'sale', action: 'schedule', pick: 0, item: 1, percentOff: 20, startInHours: 0, lengthHours: 24 },
  // And a skin surely co-authored: the sampled histories seldom leave an invitation standing.
  { kind: 'co-author', item: 1, user: 2, action: 'invite', weight: 2 },
  { kind: 'co-author', item: 1, user: 2, action: 'accept', weight: 2 },
  { kind: 'co-author', item: 1, user: 3, action: 'invite', weight: 1 },
  // A wish that stays, whatever the fixed seed samples.
  { kind: 'wish', user: 1, itemType: 'SKIN', item: 2, wish: true },
];

type OrderState = {
  id: number;
  status: OrderEvent['type'];
  sessions: number;
  paid: boolean;
  closed: boolean;
  gift: boolean;
  claimed: boolean;
  /** What a claim of the gift grants (GiftClaimed copies the order's items). */
  giftItems: GiftedItem[];
  /** Its invoice's number, issued with the payment as the numbering reactor does. */
  invoice?: string;
};
type PayoutState = {
  id: number;
  author: number;
  status: 'PENDING' | 'LOCKED' | 'SENT' | 'ERROR';
  items: string[];
  exported: boolean;
};

/** An event before the store adds its metadata. */
type Draft = { type: string; data: unknown; occurredAt?: Date };

const START = Date.parse('2026-01-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const bank = (name: string): PayoutDestination => ({
  method: 'BANK_TRANSFER',
  name,
  street: '1 Rue de la Course',
  city: 'Paris',
  country: 'fr',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
});

/**
 * Turns steps into appends (each a transaction of its own, inline projections applied in it) and
 * calls `between` after each, where the caller runs catch-up batches. Steps the model refuses (pay a
 * cancelled order) are skipped. Returns how many events were appended.
 */
export async function appendHistory(
  deps: { pool: DatabasePool; store: EventStore },
  steps: readonly HistoryStep[],
  between: (index: number) => Promise<void> = async () => {},
): Promise<number> {
  const votes = new Map<string, number>();
  const orders: OrderState[] = [];
  const payouts: PayoutState[] = [];
  const months = new Set<number>();
  const moderation = new Map<string, ItemModerationState>();
  const blocks = new Map<number, AccountBlockState>();
  const skinVersions = new Map<number, SkinVersionState>();
  const follows = new Map<string, FollowState>();
  const wishes = new Map<string, WishState>();
  const codes = new Map<string, DiscountCodeState>();
  let sales: AuthorSalesState = authorSalesDecider.initialState;
  let nextSale = 1;
  const preferences = new Map<string, PayoutPreferencesState>();
  const coAuthors = new Map<number, CoAuthorState>();
  let clock = START;
  let nextOrder = 1;
  let invoiceCount = 0;
  let creditNoteCount = 0;
  let nextPayout = 1;
  let nextItem = 1;
  let appended = 0;
  // The statements of reasons so far: the positions of the decisions that send one.
  const statements: { id: number; userId: number; issuedAt: string }[] = [];
  const appeals = new Map<number, AppealState>();
  const append = async (requests: AppendRequest[]) => {
    const stored = await deps.pool.transaction((tx) => deps.store.append(tx, requests));
    appended += stored.length;
    for (const event of stored) {
      const data = event.data as { ground?: string; authorId?: number; userId?: number; payoutId?: number };
      if (event.type === 'ItemTakenDown' && data.ground && data.authorId !== undefined)
        statements.push({
          id: event.globalPosition,
          userId: data.authorId,
          issuedAt: new Date(START).toISOString(),
        });
      if (event.type === 'AccountBlocked' && data.ground && data.userId !== undefined)
        statements.push({
          id: event.globalPosition,
          userId: data.userId,
          issuedAt: new Date(START).toISOString(),
        });
    }
  };
  const request = (streamId: string, streamType: string, events: Draft[]): AppendRequest => ({
    streamId,
    streamType,
    expectedVersion: 'any',
    events: events.map(({ occurredAt, ...event }): NewEvent => ({
      ...event,
      metadata: { actor: { system: 'event-history' }, correlationId: `history-${streamId}` },
      // A recorded time other than now, as the demo history loads them.
      ...(occurredAt ? { occurredAt: occurredAt as NewEvent['occurredAt'] } : {}),
    })),
  });
  const pendingOf = (author: number) =>
    payouts.find((payout) => payout.author === author && payout.status === 'PENDING');

  for (const [index, step] of steps.entries()) {
    clock += 7 * 60 * 1000;
    const now = new Date(clock);
    switch (step.kind) {
      case 'vote': {
        const key = `${step.skin}-${step.user}`;
        const previous = votes.get(key) ?? null;
        if (previous === step.rating) break;
        votes.set(key, step.rating);
        const event: SkinRated = {
          type: 'SkinRated',
          data: { skinId: step.skin, userId: step.user, rating: step.rating, previousRating: previous },
        };
        await append([
          request(`skin-rating-${key}`, 'skin-rating', [
            { ...event, occurredAt: new Date(clock + step.shiftMinutes * 60 * 1000) },
          ]),
        ]);
        break;
      }
      case 'download': {
        const occurredAt = new Date(START + step.day * DAY + (clock % DAY));
        const events = step.downloaders.map((who): Draft => {
          const downloader = who < 3 ? `user:${who + 1}` : `visitor:v${who}`;
          const event: SkinDownloaded = {
            type: 'SkinDownloaded',
            data: {
              skinId: step.skin,
              downloader,
              userId: who < 3 ? who + 1 : null,
              game: 'TM2020',
              authorId: 9,
            },
          };
          return { ...event, occurredAt };
        });
        // Either stream layout: the projection must read who and what from the data alone.
        await append(
          step.perDownloaderStreams
            ? events.map((event) =>
                request(
                  `skin-downloads-${step.skin}-${(event.data as SkinDownloaded['data']).downloader}`,
                  'skin-downloads',
                  [event],
                ),
              )
            : [request(`skin-downloads-${step.skin}`, 'skin-downloads', events)],
        );
        break;
      }
      case 'place': {
        if (step.skins.length === 0 && !step.bundle) break;
        const id = nextOrder++;
        // Every other order is placed with German VAT (19 %) carved out, as orders record it since
        // VAT: price + tip = VAT + site fee + payment fee + author share. The others have none.
        const withVat = id % 2 === 1;
        const items: OrderedItem[] = [
          ...step.skins.map((skin) => ({ itemType: 'SKIN' as const, itemId: skin })),
          ...(step.bundle ? [{ itemType: 'BUNDLE' as const, itemId: 1, skinIds: [1, 2] }] : []),
        ].map((item, position) => {
          // Some items were reduced: a sale (and a code on it), or a code alone; the regular price
          // is what the reductions came off.
          const reductions: PriceReduction[] =
            (id + position) % 3 === 0
              ? [{ source: 'SALE', id: 'sale-1', label: 'Sale', cents: 100 }]
              : (id + position) % 3 === 1
                ? [{ source: 'CODE', id: 'code-1', label: 'FRIENDS', cents: 50 }]
                : [];
          const regular =
            reductions.length > 0
              ? { regularPriceCents: 500 + position + reductions[0]!.cents, reductions }
              : {};
          const gross = 500 + position + position * 100;
          const vatCents = withVat ? Math.round((gross * 1900) / 11_900) : 0;
          return {
            ...item,
            name: `Item ${item.itemId}`,
            authorId: 9,
            priceCents: 500 + position,
            tipCents: position * 100,
            ...(withVat ? { vatCents } : {}),
            ...regular,
            siteFeeCents: 50,
            paymentFeeCents: 30,
            authorShareCents: gross - vatCents - 80,
          };
        });
        const total = items.reduce((sum, item) => sum + item.priceCents + item.tipCents, 0);
        const vatTotal = items.reduce((sum, item) => sum + (item.vatCents ?? 0), 0);
        const placed: OrderEvent = {
          type: 'OrderPlaced',
          data: {
            orderId: String(id),
            externalId: `TS-${String(id).padStart(6, '0')}`,
            buyer: {
              userId: step.buyer,
              guest: step.buyer === null,
              email: `buyer${step.buyer ?? 'guest'}@example.com`,
              fullName: 'A Buyer',
              country: step.buyer === null ? null : 'fr',
            },
            paymentType: id % 2 === 0 ? 'PAYPAL' : 'STRIPE',
            items,
            totals: {
              totalCents: total,
              ...(withVat ? { vatCents: vatTotal } : {}),
              siteFeeCents: 50 * items.length,
              paymentFeeCents: 30 * items.length,
              authorShareCents: total - vatTotal - 80 * items.length,
            },
            feePolicyVersion: '2026-01',
            ...(withVat
              ? {
                  vat: {
                    treatment: 'OSS' as const,
                    country: 'de',
                    rateBasisPoints: 1900,
                    rateSetVersion: 'rates@test',
                    seller: { homeCountry: 'cz', vatId: 'CZ12345678' },
                    buyerVatId: null,
                    vatIdCheck: null,
                    evidence: {
                      billingCountry: 'de',
                      ipCountry: 'de',
                      rule: 'BILLING_AND_IP_AGREE' as const,
                    },
                  },
                }
              : {}),
            placedAt: now.toISOString(),
          },
        };
        // Buyer 3 buys as a gift (docs/gifts.md): GiftGiven with the placement. Derived from the
        // drawn buyer, not drawn itself, so the seeds' histories stay those they were.
        const gift = step.buyer === 3;
        orders.push({
          id,
          status: 'OrderPlaced',
          sessions: 0,
          paid: false,
          closed: false,
          gift,
          claimed: false,
          giftItems: items.map((item) => ({
            itemType: item.itemType,
            itemId: item.itemId,
            ...(item.skinIds ? { skinIds: item.skinIds } : {}),
          })),
        });
        const given: OrderEvent[] = gift
          ? [
              {
                type: 'GiftGiven',
                data: {
                  orderId: String(id),
                  giverUserId: step.buyer,
                  recipientEmail: `friend${id}@example.com`,
                  note: id % 3 === 0 ? null : 'For you',
                  givenAt: now.toISOString(),
                },
              },
            ]
          : [];
        await append([request(`order-${id}`, 'order', [placed, ...given])]);
        break;
      }
      case 'order': {
        const order = orders[step.pick % Math.max(orders.length, 1)];
        if (!order || order.closed) break;
        const orderId = String(order.id);
        const provider = order.id % 2 === 0 ? ('PAYPAL' as const) : ('LOCAL' as const);
        let event: OrderEvent | null = null;
        if (step.action === 'session' && !order.paid) {
          order.sessions += 1;
          event = {
            type: 'PaymentSessionOpened',
            data: {
              orderId,
              provider,
              providerReference: `ref-${order.id}-${order.sessions}`,
              url: order.sessions % 2 === 0 ? null : `https://pay.example/${order.id}`,
              openedAt: now.toISOString(),
            },
          };
        } else if (step.action === 'pay' && !order.paid) {
          order.paid = true;
          event = {
            type: 'PaymentReceived',
            data: {
              orderId,
              provider,
              providerReference: `ref-${order.id}-${Math.max(order.sessions, 1)}`,
              providerEventId: `evt-${order.id}`,
              amountCents: 1000,
              receivedAt: now.toISOString(),
            },
          };
        } else if (step.action === 'cancel' && !order.paid) {
          order.closed = true;
          event = {
            type: 'OrderCancelled',
            data: {
              orderId,
              reason: order.sessions === 0 ? 'EXPIRED' : 'CANCELLED_BY_BUYER',
              cancelledAt: now.toISOString(),
            },
          };
        } else if (step.action === 'pay' && order.gift && order.paid && !order.claimed) {
          // A second 'pay' of a paid gift is its claim (no new draw, as above).
          order.claimed = true;
          event = {
            type: 'GiftClaimed',
            data: {
              orderId,
              // Another user than the giver (users 1-3 buy).
              userId: 4 + (order.id % 2),
              linkId: `link-${order.id}`,
              items: order.giftItems,
              claimedAt: now.toISOString(),
            },
          };
        } else if (step.action === 'refund' && order.paid) {
          order.closed = true;
          event = {
            type: 'OrderRefunded',
            data: { orderId, by: 1, reason: 'asked', amountCents: 1000, refundedAt: now.toISOString() },
          };
        }
        // The tax documents the numbering reactor writes for a payment and a refund of an invoiced
        // order, in the same transaction as the payment or refund: half before it in the feed, half
        // after (the finance journal must take a document number whichever comes first).
        const documents: { streamId: string; event: InvoiceSeriesEvent }[] = [];
        if (event?.type === 'PaymentReceived' || (event?.type === 'OrderRefunded' && order.invoice)) {
          const invoice = event.type === 'PaymentReceived';
          const sequence = invoice ? ++invoiceCount : ++creditNoteCount;
          const number = `${invoice ? '' : 'CN-'}${now.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;
          const common = {
            number,
            year: now.getUTCFullYear(),
            sequence,
            orderId,
            orderExternalId: `TS-${orderId.padStart(6, '0')}`,
            seller: {
              name: 'TrackSkins',
              address: 'Praha',
              companyId: null,
              vatId: order.id % 3 ? 'CZ12345679' : null,
            },
            totalCents: 1000,
            vatCents: 0,
            issuedAt: now.toISOString(),
          };
          if (invoice) order.invoice = number;
          const document: InvoiceSeriesEvent = invoice
            ? { type: 'InvoiceIssued', data: common }
            : { type: 'CreditNoteIssued', data: { ...common, invoiceNumber: order.invoice! } };
          const series = invoice ? invoiceSeriesStreamId(common.year) : creditNoteSeriesStreamId(common.year);
          documents.push({ streamId: series, event: document });
        }
        if (event) {
          const orderRequest = request(`order-${order.id}`, 'order', [event]);
          const documentRequests = documents.map((document) =>
            request(document.streamId, INVOICE_SERIES_STREAM_TYPE, [document.event]),
          );
          await append(
            order.id % 4 === 1 ? [...documentRequests, orderRequest] : [orderRequest, ...documentRequests],
          );
        }
        break;
      }
      case 'payout': {
        const events = payoutEvents(step, now);
        for (const [payoutId, list] of events) {
          if (list.length > 0) await append([request(`payout-${payoutId}`, 'payout', list)]);
        }
        break;
      }
      case 'month': {
        if (months.has(step.month)) break;
        months.add(step.month);
        const month = `2026-0${step.month}`;
        const event: SkinOfTheMonthEvent = step.skipped
          ? { type: 'SkinOfTheMonthSkipped', data: { month, reason: 'fewer than 3 votes' } }
          : {
              type: 'SkinOfTheMonthChosen',
              data: { month, skinId: step.skin, votes: 3 + step.skin, average: 4.5, score: 4.12 },
            };
        await append([request('skin-of-the-month', 'skin-of-the-month', [event])]);
        break;
      }
      case 'code': {
        // The decider keeps the history one checkout could write (a use per order, released once).
        const state = codes.get(step.code) ?? discountCodeDecider.initialState;
        const order = orders[step.pick % Math.max(1, orders.length)];
        let command: DiscountCodeCommand | null = null;
        if (step.action === 'create') {
          command = {
            type: 'CreateDiscountCode',
            code: step.code,
            authorId: 9,
            reduction:
              step.pick % 2 === 0
                ? { kind: 'PERCENT', percent: 5 + (step.pick % 50) }
                : { kind: 'AMOUNT', cents: 100 + step.pick },
            items:
              step.pick % 3 === 0
                ? { kind: 'ITEMS', items: [{ itemType: 'SKIN', itemId: 1 }] }
                : { kind: 'ALL' },
            maxUses: step.pick % 4 === 0 ? null : 3,
            expiresAt: step.pick % 5 === 0 ? null : new Date(clock + 30 * DAY),
            earlierBuyersOf:
              step.pick % 6 === 0
                ? { item: { itemType: 'SKIN', itemId: 2, name: 'Item 2' }, before: now }
                : null,
            createdAt: now,
          };
        } else if (step.action === 'deactivate') {
          command = { type: 'DeactivateDiscountCode', by: 9, byAdmin: false, deactivatedAt: now };
        } else if (step.action === 'redeem' && order) {
          command = {
            type: 'RedeemDiscountCode',
            orderId: String(order.id),
            items: [{ itemType: 'SKIN', itemId: 1, cents: 10 + step.pick }],
            redeemedAt: now,
          };
        } else if (step.action === 'release' && state.heldBy.length > 0) {
          command = {
            type: 'ReleaseDiscountCodeRedemption',
            orderId: state.heldBy[step.pick % state.heldBy.length]!,
            reason: 'EXPIRED',
            releasedAt: now,
          };
        }
        if (!command) break;
        const decided = command;
        const events = decidedOrNone(() => discountCodeDecider.decide(decided, state));
        if (events.length === 0) break;
        codes.set(step.code, events.reduce(discountCodeDecider.evolve, state));
        await append([request(discountCodeStreamId(step.code), 'discount-code', events)]);
        break;
      }
      case 'moderate': {
        // The decider keeps the history one the app could write (one report per user, no double takedown).
        const streamId = itemModerationStreamId(step.itemType, step.item);
        const state = moderation.get(streamId) ?? itemModerationDecider.initialState;
        const facts = { itemType: step.itemType, itemId: step.item, now: now.toISOString() };
        const command: ItemModerationCommand =
          step.action === 'report'
            ? {
                ...facts,
                kind: 'report',
                reporterId: step.user,
                itemAuthorId: 9,
                reason: step.reason,
                text: 'Why',
              }
            : step.action === 'dismiss-reports'
              ? { ...facts, kind: 'dismiss-reports', note: null }
              : step.action === 'take-down'
                ? { ...facts, kind: 'take-down', reason: 'Rules', ground: 'NO_RIGHTS', authorId: 9 }
                : { ...facts, kind: step.action, reason: 'Rules' };
        const events = decidedOrNone(() => itemModerationDecider.decide(command, state));
        if (events.length === 0) break;
        moderation.set(streamId, events.reduce(itemModerationDecider.evolve, state));
        await append([request(streamId, 'item-moderation', events)]);
        break;
      }
      case 'version': {
        // The decider numbers the versions; the current file is the previous version's.
        const state = skinVersions.get(step.skin) ?? initialSkinVersionState;
        const fileOf = (version: number) => ({
          fileId: `source-${step.skin}-v${version}.zip`,
          fileName: `skin-${step.skin}-v${version}.zip`,
          sizeBytes: 1000 + version,
          sha256: `sha-${step.skin}-${version}`,
        });
        const events = decideSkinVersion(
          {
            skin: {
              id: step.skin,
              authorId: 9,
              name: `Skin ${step.skin}`,
              listed: true,
              createdAt: new Date(START).toISOString(),
            },
            viewer: { id: 9, admin: false },
            changelog: step.changelog,
            file: fileOf(state.version + 1),
            currentFile: fileOf(state.version),
            publishedAt: now.toISOString(),
          },
          state,
        );
        skinVersions.set(step.skin, events.reduce(evolveSkinVersion, state));
        await append([request(skinVersionsStreamId(step.skin), 'skin-versions', events)]);
        break;
      }
      case 'social': {
        const reference = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
        const facts = {
          reference,
          network: step.network,
          message: 'New skin!',
          imageIds: [step.skin * 10],
          skinIds: [step.skin],
          authorId: 9,
        };
        const event: SocialPublicationEvent = step.failed
          ? {
              type: 'SocialPostFailed',
              data: {
                ...facts,
                errorKind: 'RATE_LIMITED',
                error: 'Slow down',
                retryAfterSeconds: 60,
                failedAt: now.toISOString(),
              },
            }
          : {
              type: 'SocialPostPublished',
              data: {
                ...facts,
                delivery: 'OUTBOX',
                postId: `local-${reference}`,
                url: null,
                outboxFile: `${reference}.json`,
                publishedAt: now.toISOString(),
              },
            };
        await append([request(socialPostStreamId(reference), 'social-post', [event])]);
        break;
      }
      case 'catalogue': {
        const [streamId, streamType, event] = catalogueFact(step, now.toISOString());
        await append([request(streamId, streamType, [event])]);
        break;
      }
      case 'block': {
        const state = blocks.get(step.user) ?? accountBlockDecider.initialState;
        const facts = { userId: step.user, adminId: 7, targetIsAdmin: false, now: now.toISOString() };
        const events = decidedOrNone(() =>
          accountBlockDecider.decide(
            step.block
              ? { ...facts, kind: 'block', reason: 'Spam', ground: 'HARASSMENT_OR_SPAM' }
              : { ...facts, kind: 'unblock', reason: null },
            state,
          ),
        );
        if (events.length === 0) break;
        blocks.set(step.user, events.reduce(accountBlockDecider.evolve, state));
        await append([request(accountStreamId(step.user), 'account', events)]);
        break;
      }
      case 'erase': {
        await append([
          request(accountStreamId(step.user), 'account', [
            {
              type: 'AccountDeleted',
              data: { userId: step.user, deletedAt: now.toISOString(), by: 'SELF', adminId: null },
            },
          ]),
        ]);
        break;
      }
      case 'appeal': {
        const statement = statements[step.pick % Math.max(statements.length, 1)];
        if (!statement) break;
        const state = appeals.get(statement.id) ?? appealDecider.initialState;
        const facts = {
          statementId: statement.id,
          affectedUserId: statement.userId,
          issuedAt: statement.issuedAt,
          now: now.toISOString(),
        };
        const events = decidedOrNone(() =>
          appealDecider.decide(
            state.appealed
              ? { ...facts, kind: 'decide', outcome: step.outcome, reason: 'Looked again' }
              : { ...facts, kind: 'appeal', appellantId: statement.userId, text: 'It is my own work.' },
            state,
          ),
        );
        if (events.length === 0) break;
        appeals.set(statement.id, events.reduce(appealDecider.evolve, state));
        await append([request(appealStreamId(statement.id), 'statement-appeal', events)]);
        break;
      }
      case 'follow': {
        const streamId = authorFollowStreamId(step.author, step.user);
        const state = follows.get(streamId) ?? followDecider.initialState;
        const facts = { authorId: step.author, userId: step.user, at: now.toISOString() };
        const events = followDecider.decide(
          step.follow ? { ...facts, kind: 'follow', authorFollowable: true } : { ...facts, kind: 'unfollow' },
          state,
        );
        if (events.length === 0) break;
        follows.set(streamId, events.reduce(followDecider.evolve, state));
        await append([request(streamId, 'author-follow', events)]);
        break;
      }
      case 'preferences': {
        const streamId = payoutPreferencesStreamId(step.author);
        const state = preferences.get(streamId) ?? payoutPreferencesDecider.initialState;
        const events = payoutPreferencesDecider.decide(
          {
            type: 'ChangePayoutPreferences',
            authorId: step.author,
            preferences: { thresholdCents: step.thresholdCents, schedule: step.schedule, held: step.held },
            changedAt: now,
          },
          state,
        );
        if (events.length === 0) break;
        preferences.set(streamId, events.reduce(payoutPreferencesDecider.evolve, state));
        await append([request(streamId, PAYOUT_PREFERENCES_STREAM_TYPE, events)]);
        break;
      }
      case 'co-author': {
        const OWNER = 8;
        const state = coAuthors.get(step.item) ?? coAuthorDecider.initialState;
        const base = { itemType: 'SKIN' as const, itemId: step.item, at: now.toISOString() };
        const command: CoAuthorCommand =
          step.action === 'invite'
            ? {
                ...base,
                kind: 'invite',
                ownerId: OWNER,
                authorId: step.user,
                weight: step.weight,
                inviteeEligible: true,
              }
            : step.action === 'accept' || step.action === 'decline'
              ? { ...base, kind: 'answer', authorId: step.user, accept: step.action === 'accept' }
              : step.action === 'weights'
                ? {
                    ...base,
                    kind: 'setWeights',
                    ownerId: OWNER,
                    weights: [OWNER, ...state.members.map((m) => m.authorId)].map((authorId) => ({
                      authorId,
                      weight: authorId === step.user ? step.weight : ((authorId + step.weight) % 5) + 1,
                    })),
                  }
                : { ...base, kind: step.action, authorId: step.user };
        let events: CoAuthorEvent[];
        try {
          events = coAuthorDecider.decide(command, state);
        } catch {
          break; // A step the rules refuse (answering no invitation, leaving before accepting).
        }
        if (events.length === 0) break;
        coAuthors.set(step.item, events.reduce(coAuthorDecider.evolve, state));
        await append([request(coAuthorsStreamId('SKIN', step.item), CO_AUTHORS_STREAM_TYPE, events)]);
        break;
      }
      case 'wish': {
        const streamId = wishStreamId(step.user, step.itemType, step.item);
        const state = wishes.get(streamId) ?? wishDecider.initialState;
        const facts = {
          userId: step.user,
          itemType: step.itemType,
          itemId: step.item,
          at: now.toISOString(),
        };
        const events = wishDecider.decide(
          step.wish
            ? { ...facts, kind: 'wish', item: { listed: true, authorId: 9, owned: false } }
            : { ...facts, kind: 'unwish' },
          state,
        );
        if (events.length === 0) break;
        wishes.set(streamId, events.reduce(wishDecider.evolve, state));
        await append([request(streamId, 'wish', events)]);
        break;
      }
      case 'sale': {
        const known = [...sales.sales.keys()];
        const saleId =
          step.action === 'schedule' ? `sale-${nextSale}` : known[step.pick % Math.max(1, known.length)];
        if (!saleId) break;
        const startsAt = new Date(now.getTime() + step.startInHours * 3600_000).toISOString();
        const endsAt = new Date(
          now.getTime() + (step.startInHours + step.lengthHours) * 3600_000,
        ).toISOString();
        const items = [1, 2, 3].map((itemId) => ({
          itemType: 'SKIN' as const,
          itemId,
          name: `Skin ${itemId}`,
          authorId: 9,
          priceCents: 500,
        }));
        const before = sales.sales.get(saleId);
        const sale = {
          saleId,
          authorId: 9,
          name: `Sale ${saleId}`,
          terms: { kind: 'PERCENT' as const, percentOff: step.percentOff },
          items: [{ itemType: 'SKIN' as const, itemId: step.item }],
          startsAt,
          endsAt,
        };
        const events = decidedOrNone(() =>
          authorSalesDecider.decide(
            step.action === 'schedule'
              ? { type: 'ScheduleSale', sale, items, now }
              : step.action === 'change'
                ? { type: 'ChangeSale', sale: before ? { ...before, endsAt } : sale, items, now }
                : { type: 'CancelSale', saleId, by: { userId: 9, admin: false }, now },
            sales,
          ),
        );
        if (events.length === 0) break;
        if (step.action === 'schedule') nextSale += 1;
        sales = events.reduce(authorSalesDecider.evolve, sales);
        await append([request(authorSalesStreamId(9), 'author-sales', events)]);
        break;
      }
    }
    await between(index);
  }
  return appended;

  /** The payout events of one step, by payout: a lock may open the author's next payout. */
  function payoutEvents(step: Extract<HistoryStep, { kind: 'payout' }>, now: Date): [number, Draft[]][] {
    const time = now.toISOString();
    const ofAuthor = payouts.filter((payout) => payout.author === step.author);
    const pick = <T>(list: T[]) => list[step.pick % Math.max(list.length, 1)];
    const open = (): [number, Draft[]] => {
      const payout: PayoutState = {
        id: nextPayout++,
        author: step.author,
        status: 'PENDING',
        items: [],
        exported: false,
      };
      payouts.push(payout);
      const opened: PayoutEvent = {
        type: 'PayoutOpened',
        data: { payoutId: payout.id, authorId: step.author, openedAt: time },
      };
      return [payout.id, [opened]];
    };
    const pending = pendingOf(step.author);
    switch (step.action) {
      case 'add': {
        const opening = pending ? null : open();
        const payout = pendingOf(step.author)!;
        // A small pool of items, so a removed item can come back.
        const taken = new Set(ofAuthor.flatMap((p) => p.items));
        const key = [1, 2, 3, 4, 5, 6]
          .map((n) => `${100 * step.author + n}:${n % 2}`)
          .find((k) => !taken.has(k));
        if (!key) return opening ? [opening] : [];
        const [orderId = '', position = '0'] = key.split(':');
        payout.items.push(key);
        const item: PayoutItem = {
          orderId,
          orderExternalId: `TS-${orderId}`,
          position: Number(position),
          itemType: Number(position) === 1 ? 'BUNDLE' : 'SKIN',
          itemId: nextItem++,
          name: `Sold ${key}`,
          priceCents: 700,
          tipCents: 0,
          siteFeeCents: 70,
          paymentFeeCents: 20,
          authorShareCents: 610,
          // Some items are a co-author's part of an item's share.
          ...(Number(orderId) % 3 === 0
            ? { split: { itemAuthorShareCents: 915, weight: 2, totalWeight: 3 } }
            : {}),
          paymentType: 'STRIPE',
          paidAt: time,
        };
        const added: PayoutEvent = {
          type: 'PayoutItemAdded',
          data: { payoutId: payout.id, authorId: step.author, item },
        };
        return [[payout.id, [...(opening?.[1] ?? []), added]]];
      }
      case 'remove': {
        const key = pending && pick(pending.items);
        if (!pending || !key) return [];
        pending.items = pending.items.filter((k) => k !== key);
        const [orderId = '', position = '0'] = key.split(':');
        const removed: PayoutEvent = {
          type: 'PayoutItemRemoved',
          data: {
            payoutId: pending.id,
            orderId,
            position: Number(position),
            authorShareCents: 610,
            reason: 'ORDER_REFUNDED',
            removedAt: time,
          },
        };
        return [[pending.id, [removed]]];
      }
      case 'adjust': {
        const from = pick(ofAuthor.filter((p) => p.status !== 'PENDING'));
        if (!pending || !from) return [];
        const adjustment: PayoutEvent = {
          type: 'PayoutAdjustmentAdded',
          data: {
            payoutId: pending.id,
            authorId: step.author,
            kind: 'REFUND',
            amountCents: -610,
            name: 'Refund',
            orderId: String(900 + (step.pick % 7)),
            orderExternalId: `TS-${900 + (step.pick % 7)}`,
            position: 0,
            itemType: 'SKIN',
            itemId: 1,
            fromPayoutId: from.id,
            addedAt: time,
          },
        };
        return [[pending.id, [adjustment]]];
      }
      case 'lock': {
        if (!pending) return [];
        pending.status = 'LOCKED';
        const locked: PayoutEvent = {
          type: 'PayoutLocked',
          data: {
            payoutId: pending.id,
            authorId: step.author,
            amountCents: 610 * pending.items.length,
            itemCount: pending.items.length,
            destination: bank(`Author ${step.author}`),
            payoutDate: '2026-02-15',
            lockedAt: time,
          },
        };
        // The author's next payout opens at once, as the allocation does.
        return [[pending.id, [locked]], open()];
      }
      case 'export': {
        const payout = pick(ofAuthor.filter((p) => p.status === 'LOCKED' && !p.exported));
        if (!payout) return [];
        payout.exported = true;
        const exported: PayoutEvent = {
          type: 'PayoutExported',
          data: {
            payoutId: payout.id,
            fileId: null,
            batchId: `B-${payout.id}`,
            endToEndId: `TSP-${payout.id}`,
            exportedAt: time,
          },
        };
        return [[payout.id, [exported]]];
      }
      case 'send': {
        const payout = pick(ofAuthor.filter((p) => p.status === 'LOCKED'));
        if (!payout) return [];
        payout.status = 'SENT';
        const sent: PayoutEvent = {
          type: 'PayoutSent',
          data: {
            payoutId: payout.id,
            amountCents: 610 * payout.items.length,
            destination: bank(`Author ${step.author}`),
            transferReference: `B-${payout.id}`,
            sentAt: time,
          },
        };
        return [[payout.id, [sent]]];
      }
      case 'fail': {
        const payout = pick(ofAuthor.filter((p) => p.status === 'LOCKED' || p.status === 'SENT'));
        if (!payout) return [];
        payout.status = 'ERROR';
        payout.exported = false;
        const failed: PayoutEvent = {
          type: 'PayoutFailed',
          data: { payoutId: payout.id, reason: 'IBAN closed', failedAt: time },
        };
        return [[payout.id, [failed]]];
      }
      case 'relock': {
        const payout = pick(ofAuthor.filter((p) => p.status === 'ERROR'));
        if (!payout) return [];
        payout.status = 'LOCKED';
        const relocked: PayoutEvent = {
          type: 'PayoutRelocked',
          data: {
            payoutId: payout.id,
            destination: bank('Corrected'),
            payoutDate: '2026-03-15',
            relockedAt: time,
          },
        };
        return [[payout.id, [relocked]]];
      }
    }
  }
}

/** One catalogue fact of author 9's items (follows, wishes and versions come from their deciders' steps). */
function catalogueFact(
  step: Extract<HistoryStep, { kind: 'catalogue' }>,
  at: string,
): [string, string, CommunityEvent] {
  const itemType = step.bundle ? ('BUNDLE' as const) : ('SKIN' as const);
  const itemId = step.bundle ? 1 : step.item;
  const name = `${itemType === 'SKIN' ? 'Skin' : 'Bundle'} ${itemId}`;
  switch (step.action) {
    case 'publish':
      return [
        catalogueItemStreamId(itemType, itemId),
        'catalogue-item',
        {
          type: 'ItemPublished',
          data: {
            itemType,
            itemId,
            authorId: 9,
            name,
            game: 'TM2020',
            priceCents: step.cents,
            publishedAt: at,
          },
        },
      ];
    case 'price':
      return [
        catalogueItemStreamId(itemType, itemId),
        'catalogue-item',
        {
          type: 'ItemPriceChanged',
          data: { itemType, itemId, authorId: 9, name, fromCents: 500, toCents: step.cents, changedAt: at },
        },
      ];
    case 'bundle-add':
      return [
        catalogueItemStreamId('BUNDLE', 1),
        'catalogue-item',
        {
          type: 'SkinsAddedToBundle',
          data: {
            bundleId: 1,
            bundleName: 'Bundle 1',
            authorId: 9,
            skins: [...new Set([step.item, (step.item % 3) + 1])].map((skinId) => ({
              skinId,
              name: `Skin ${skinId}`,
            })),
            addedAt: at,
          },
        },
      ];
  }
}

/** A decision's events, or none when the decider refuses the step. */
function decidedOrNone<E>(decide: () => E[]): E[] {
  try {
    return decide();
  } catch {
    return [];
  }
}

/** Every table of every projection (a shared table once). */
export const readModelTables = [...new Set(projections.flatMap((p) => p.tables.map((t) => t.name)))];

/** Every row of every read model, as JSON text sorted, by table: all columns, nothing left out. */
export async function readModelRows(pool: DatabasePool): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of readModelTables) {
    rows[table] = [
      ...(await pool.anyFirst(sql.type(z.object({ row: z.string() }))`
        select to_jsonb(t)::text as row from ${sql.identifier(['public', table])} t order by 1`)),
    ];
  }
  return rows;
}

/** Empties the store, the checkpoints and every read model, for the next generated history. */
export async function emptyEverything(pool: DatabasePool) {
  const tables = sql.join(
    readModelTables.map((table) => sql.identifier(['public', table])),
    sql.fragment`, `,
  );
  await pool.query(sql.unsafe`
    truncate events, streams, personal_data_keys, personal_data_erasures, tax_record_buyers, ${tables}`);
  await pool.query(sql.unsafe`
    update projection_checkpoints set last_transaction_id = '0'::xid8, last_position = 0, events_applied = 0`);
}
