import { splitAuthorShare } from '../co-authors/author-share-split';
import { PRICE_MAX_EUR, PRICE_MIN_EUR } from '../catalog/item-editor.schemas';
import { checkoutMessages, TIP_MAX_EUR } from './checkout.schemas';
import { giftGivenFor } from '../gifts/gift.decider';
import type { GiftRequest } from '../gifts/gift.schemas';
import { DomainError, type DomainErrorCode } from '../errors';
import { MIN_PAID_PRICE_CENTS, priceOrder, type FeePolicy, type OrderPaymentType } from '../fees';
import { CENTS_PER_EURO, formatMoney, formatWholeEuros, isCents, type Cents } from '../money';
import { settleBuyerCountry } from '../tax/location-evidence';
import { decideOrderVat, type CheckedVatId, type SellerVatPosition } from '../tax/order-vat';
import type { VatRateLookup } from '../tax/vat-rates';
import {
  orderItemKey,
  paymentStatusAfter,
  type OrderBuyer,
  type OrderCancellationReason,
  type OrderEvent,
  type OrderItemRef,
  type OrderItemType,
  type OrderedItem,
  type PaymentProvider,
  type PriceReduction,
  type PaymentStatus,
  type WithdrawalConsentPlace,
} from './order.events';
import { WITHDRAWAL_CONSENT_STATEMENT, WITHDRAWAL_DAYS, WITHDRAWAL_PERIOD_MS } from './withdrawal-consent';

/** Refunds are possible within 7 days of the payment (spec 9). */
export const REFUND_WINDOW_DAYS = 7;
const REFUND_WINDOW_MS = REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** A tip is whole cents, 0 to 100 EUR per item (checkout.schemas.ts says it to the buyer). */
export const MAX_TIP_CENTS = TIP_MAX_EUR * CENTS_PER_EURO;
/** The most a buyer may choose to pay for a pay-what-you-want item: the highest price (500 EUR). */
export const MAX_CHOSEN_PRICE_CENTS = PRICE_MAX_EUR * CENTS_PER_EURO;

/** An item as the command handler read it from the catalogue: its price is the catalogue's. */
export type CatalogueItem = {
  itemType: OrderItemType;
  itemId: number;
  name: string;
  authorId: number;
  priceCents: Cents;
  /** The author lets buyers pay more: `priceCents` is then the least a buyer pays. */
  payWhatYouWant?: boolean;
  /** A bundle's skins at the time of the order (recorded in OrderPlaced). */
  skinIds?: readonly number[];
  /**
   * Reductions the server found for the item (a running sale, the buyer's code), applied to
   * `priceCents` (the regular price) in this order; the decider records them on the OrderedItem.
   */
  reductions?: readonly PriceReduction[];
  /** The item's accepted co-authors and weights now (the owner included); absent: the owner alone. */
  coAuthors?: readonly { authorId: number; weight: number }[];
};

export type PlaceOrder = {
  type: 'PlaceOrder';
  orderId: string;
  /** The order number for people, when the handler gives one. */
  externalId?: string;
  buyer: OrderBuyer;
  paymentType: OrderPaymentType;
  /**
   * The items with their catalogue price, loaded by the handler from the catalogue by id; a price
   * the client sent never gets here. The tip is the buyer's own choice (0 when not given), and so is
   * `chosenPriceCents` for a pay-what-you-want item (at least its catalogue price).
   */
  items: readonly (CatalogueItem & { tipCents?: Cents; chosenPriceCents?: Cents })[];
  /** The configured fee policy; the prices it gives are recorded in OrderPlaced. */
  feePolicy: FeePolicy;
  /** What decides the order's VAT (docs/vat.md); the buyer's billing country is `buyer.country`. */
  vat: PlaceOrderVat;
  placedAt: Date;
  /**
   * What the buyer answered to the consent to immediate delivery (withdrawal-consent.ts): checkout
   * always asks. Absent only for orders placed as before it was asked (tests of other rules).
   */
  withdrawalConsent?: { given: boolean };
  /** "This is a gift": the order's items go to whoever claims the mailed link (docs/gifts.md). */
  gift?: GiftRequest;
};

/** The VAT inputs of a new order: the operator's position, the rates, the location evidence, the VAT ID. */
export type PlaceOrderVat = {
  seller: SellerVatPosition;
  rates: VatRateLookup;
  /** The country of the buyer's IP address at checkout (null: the address tells nothing). */
  ipCountry: string | null;
  /** The buyer ticked "I confirm that I live in …" (needed when billing and IP countries differ). */
  countryConfirmed: boolean;
  /** The buyer's VAT ID as checked with VIES (or its local stand-in) before the command, if given. */
  vatId: CheckedVatId | null;
};

export type OpenPaymentSession = {
  type: 'OpenPaymentSession';
  provider: PaymentProvider;
  providerReference: string;
  url?: string | null;
  openedAt: Date;
};

export type ConfirmPayment = {
  type: 'ConfirmPayment';
  provider: PaymentProvider;
  providerReference: string;
  providerEventId?: string | null;
  /** The amount the provider says it took, in cents: must equal the order total. */
  amountCents: Cents;
  /** The card's issuing country when the provider reports it (location evidence); null: none. */
  cardCountry?: string | null;
  receivedAt: Date;
};

export type CancelOrder = { type: 'CancelOrder'; reason: OrderCancellationReason; cancelledAt: Date };

export type RefundOrder = {
  type: 'RefundOrder';
  /** The admin's user id (the API checks the role). */
  by: number;
  reason?: string | null;
  /**
   * The order's items the buyer has downloaded since paying, as the handler found them in the
   * download events (a bundle counts as downloaded when any of its skins was). Any refuses the refund.
   */
  downloadedItems: readonly OrderItemRef[];
  /** Now, from the clock. */
  refundedAt: Date;
  /** The refund the provider made for it (null for orders paid before providers refunded). */
  providerRefundId?: string | null;
};

/**
 * The provider accepted a payment it has not settled yet (Stripe's delayed methods, a PayPal capture
 * held as PENDING): the order waits for the provider's later notice and is never expired meanwhile.
 */
export type RecordPendingPayment = {
  type: 'RecordPendingPayment';
  provider: PaymentProvider;
  providerReference: string;
  providerEventId?: string | null;
  amountCents: Cents;
  pendingAt: Date;
};

/**
 * A payment that arrived after the order was cancelled (or a second payment of a paid order):
 * recorded so it is refunded, never kept.
 */
export type RecordLatePayment = {
  type: 'RecordLatePayment';
  provider: PaymentProvider;
  providerReference: string;
  providerEventId?: string | null;
  amountCents: Cents;
  receivedAt: Date;
};

/** The provider returned a late payment (the late-payment-refunds reactor). */
export type RecordLatePaymentRefund = {
  type: 'RecordLatePaymentRefund';
  providerReference: string;
  providerRefundId: string;
  refundedAt: Date;
};

/**
 * A refund made at the provider (Stripe's dashboard, PayPal's), reported by its webhook: recorded
 * as the same OrderRefunded an admin's refund writes, without the window and download rules (the
 * money is already back). Our own refund's notice finds the order refunded and writes nothing.
 */
export type RecordProviderRefund = {
  type: 'RecordProviderRefund';
  providerRefundId: string;
  /** What the provider refunded in all for the payment: only the whole total is recorded. */
  amountCents: Cents;
  reason?: string | null;
  refundedAt: Date;
};

/**
 * Who acts on an order as its buyer: the signed-in accounts the viewer speaks for (their own, and
 * the guest rows whose email they proved), or whoever holds the key signed for the order (a
 * guest's confirmation page). The handler checks the key; the decider compares the accounts.
 */
export type BuyerProof = { accountIds: readonly number[]; orderKey: boolean };

/** The buyer consents to immediate delivery after checkout (confirmation page or collection). */
export type GiveWithdrawalConsent = {
  type: 'GiveWithdrawalConsent';
  proof: BuyerProof;
  where: Exclude<WithdrawalConsentPlace, 'CHECKOUT'>;
  givenAt: Date;
};

/**
 * The buyer withdraws from a paid order they have not consented to deliver, within the 14 days:
 * the whole payment goes back (through the admin refund's provider step, order-refund.ts).
 */
export type WithdrawFromPurchase = {
  type: 'WithdrawFromPurchase';
  proof: BuyerProof;
  withdrawnAt: Date;
  /** The provider's refund, once it was made. */
  providerRefundId?: string | null;
};

export type OrderCommand =
  | PlaceOrder
  | GiveWithdrawalConsent
  | WithdrawFromPurchase
  | OpenPaymentSession
  | ConfirmPayment
  | CancelOrder
  | RefundOrder
  | RecordPendingPayment
  | RecordLatePayment
  | RecordLatePaymentRefund
  | RecordProviderRefund;

export type OrderState = {
  /** null until the order is placed. */
  status: PaymentStatus | null;
  orderId: string | null;
  paymentType: OrderPaymentType | null;
  totalCents: Cents;
  items: readonly OrderItemRef[];
  /** The provider references of every session opened for the order. */
  sessionReferences: readonly string[];
  /** The payment taken: by whom, under which reference (and capture, for PayPal), when. */
  payment: {
    provider: PaymentProvider;
    providerReference: string;
    providerEventId: string | null;
    receivedAt: string;
  } | null;
  /** The payment the provider holds as pending, while the status is PAYMENT_PENDING. */
  pendingReference: string | null;
  /** Payments that arrived after the cancellation, and whether each was refunded. */
  latePayments: readonly {
    provider: PaymentProvider;
    providerReference: string;
    amountCents: Cents;
    refunded: boolean;
  }[];
  /** The account the order belongs to (OrderPlaced's buyer). */
  buyerUserId: number | null;
  /** Checkout asked for the consent to immediate delivery (false: an order from before). */
  consentAsked: boolean;
  /** When the buyer consented, or null. */
  consentGivenAt: string | null;
};

export const initialOrderState: OrderState = {
  status: null,
  orderId: null,
  paymentType: null,
  totalCents: 0,
  items: [],
  sessionReferences: [],
  payment: null,
  pendingReference: null,
  latePayments: [],
  buyerUserId: null,
  consentAsked: false,
  consentGivenAt: null,
};

/** Why a command on an order was refused: stable codes the caller can log or branch on. */
export type OrderRefusalReason =
  | 'ORDER_NOT_FOUND'
  | 'ORDER_ALREADY_PLACED'
  | 'EMPTY_ORDER'
  | 'FREE_ITEM'
  | 'PRICE_BELOW_MINIMUM'
  | 'INVALID_TIP'
  | 'FIXED_PRICE'
  | 'INVALID_CHOSEN_PRICE'
  | 'DUPLICATE_ITEM'
  | 'OWN_ITEM'
  | 'WRONG_PROVIDER'
  | 'ORDER_CANCELLED'
  | 'ORDER_ALREADY_PAID'
  | 'PAID_WITH_ANOTHER_REFERENCE'
  | 'AMOUNT_MISMATCH'
  | 'ORDER_NOT_PAID'
  | 'REFUND_WINDOW_PASSED'
  | 'ITEMS_DOWNLOADED'
  | 'PAYMENT_PENDING'
  | 'ORDER_NOT_CANCELLED'
  | 'NO_LATE_PAYMENT'
  | 'PARTIAL_REFUND'
  | 'NOT_THE_BUYER'
  | 'CONSENT_NOT_ASKED'
  | 'CONSENT_ALREADY_GIVEN'
  | 'ORDER_REFUNDED'
  | 'WITHDRAWAL_PERIOD_PASSED';

/** A refused order command: a DomainError (so the API maps its code) with a precise reason. */
export class OrderRefused extends DomainError {
  override name = 'OrderRefused';
  constructor(
    readonly reason: OrderRefusalReason,
    code: DomainErrorCode,
    message: string,
    readonly orderId: string | null,
    field?: string,
  ) {
    super(code, message, field);
  }
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'WithdrawalConsentGiven') return { ...state, consentGivenAt: event.data.givenAt };
  // A gift's events are the gift decider's (domain/gifts/gift.decider.ts); the order's rules ignore them.
  if (event.type === 'GiftGiven' || event.type === 'GiftClaimed') return state;
  const status = paymentStatusAfter[event.type];
  switch (event.type) {
    case 'OrderPlaced':
      return {
        ...state,
        status,
        orderId: event.data.orderId,
        buyerUserId: event.data.buyer.userId,
        consentAsked: event.data.withdrawalConsentAsked === true,
        paymentType: event.data.paymentType,
        totalCents: event.data.totals.totalCents,
        items: event.data.items.map(({ itemType, itemId }) => ({ itemType, itemId })),
      };
    case 'PaymentSessionOpened':
      return {
        ...state,
        status,
        sessionReferences: [...state.sessionReferences, event.data.providerReference],
      };
    case 'PaymentPending':
      return { ...state, status, pendingReference: event.data.providerReference };
    case 'PaymentReceived':
      return {
        ...state,
        status,
        pendingReference: null,
        payment: {
          provider: event.data.provider,
          providerReference: event.data.providerReference,
          providerEventId: event.data.providerEventId,
          receivedAt: event.data.receivedAt,
        },
      };
    case 'OrderCancelled':
      return { ...state, status, pendingReference: null };
    case 'OrderRefunded':
      return { ...state, status };
    case 'LatePaymentReceived':
      return {
        ...state,
        latePayments: [
          ...state.latePayments,
          {
            provider: event.data.provider,
            providerReference: event.data.providerReference,
            amountCents: event.data.amountCents,
            refunded: false,
          },
        ],
      };
    case 'LatePaymentRefunded':
      return {
        ...state,
        latePayments: state.latePayments.map((late) =>
          late.providerReference === event.data.providerReference ? { ...late, refunded: true } : late,
        ),
      };
  }
}

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    case 'GiveWithdrawalConsent':
      return giveWithdrawalConsent(command, placed(state));
    case 'WithdrawFromPurchase':
      return withdrawFromPurchase(command, placed(state));
    case 'OpenPaymentSession':
      return openPaymentSession(command, placed(state));
    case 'ConfirmPayment':
      return confirmPayment(command, placed(state));
    case 'CancelOrder':
      return cancelOrder(command, placed(state));
    case 'RefundOrder':
      return refundOrder(command, placed(state));
    case 'RecordPendingPayment':
      return recordPendingPayment(command, placed(state));
    case 'RecordLatePayment':
      return recordLatePayment(command, placed(state));
    case 'RecordLatePaymentRefund':
      return recordLatePaymentRefund(command, placed(state));
    case 'RecordProviderRefund':
      return recordProviderRefund(command, placed(state));
  }
}

/** The decider as one value, for handlers that load, decide and append generically. */
export const orderDecider = { initialState: initialOrderState, decide: decideOrder, evolve: evolveOrder };

type PlacedOrderState = OrderState & {
  status: PaymentStatus;
  orderId: string;
  paymentType: OrderPaymentType;
};

function placed(state: OrderState): PlacedOrderState {
  if (state.status === null || state.orderId === null || state.paymentType === null) {
    throw new OrderRefused('ORDER_NOT_FOUND', 'NOT_FOUND', 'There is no such order.', null);
  }
  return state as PlacedOrderState;
}

/**
 * What the item asks before the buyer's own choices: its regular price less the reductions the
 * server found (a sale, then a code), in the order given. For a pay-what-you-want item this is the
 * least the buyer may pay: a reduction lowers the minimum.
 */
export function askedPriceCents(item: Pick<CatalogueItem, 'priceCents' | 'reductions'>): Cents {
  return (item.reductions ?? []).reduce((price, reduction) => price - reduction.cents, item.priceCents);
}

/** The reductions are whole positive cents and leave at least the least a paid item costs. */
function checkReductions(
  item: CatalogueItem,
  refuse: (
    reason: OrderRefusalReason,
    code: DomainErrorCode,
    message: string,
    field?: string,
  ) => OrderRefused,
) {
  for (const reduction of item.reductions ?? []) {
    if (!isCents(reduction.cents) || reduction.cents <= 0) {
      throw new RangeError(`A reduction is whole positive cents, got ${reduction.cents}.`);
    }
  }
  if (item.reductions?.length && askedPriceCents(item) < MIN_PAID_PRICE_CENTS) {
    throw refuse(
      'PRICE_BELOW_MINIMUM',
      'BAD_USER_INPUT',
      `${item.name} would cost less than the ${formatWholeEuros(PRICE_MIN_EUR)} minimum.`,
      'items',
    );
  }
}

/** The regular price and the reductions, recorded on the ordered item only when one applied. */
function reductionsRecord(item: CatalogueItem): Pick<OrderedItem, 'regularPriceCents' | 'reductions'> {
  if (!item.reductions?.length) return {};
  return {
    regularPriceCents: item.priceCents,
    reductions: item.reductions.map((reduction) => ({ ...reduction })),
  };
}

function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  const { orderId, buyer } = command;
  const refuse = (reason: OrderRefusalReason, code: DomainErrorCode, message: string, field?: string) =>
    new OrderRefused(reason, code, message, orderId, field);

  if (state.status !== null) {
    throw refuse('ORDER_ALREADY_PLACED', 'CONFLICT', 'This order was already placed.');
  }
  if (command.items.length === 0) {
    throw refuse('EMPTY_ORDER', 'BAD_USER_INPUT', checkoutMessages.emptyCart, 'items');
  }
  const seen = new Set<string>();
  for (const item of command.items) {
    checkReductions(item, refuse);
    const tipCents = item.tipCents ?? 0;
    if (!isCents(item.priceCents)) {
      throw new RangeError(`A catalogue price is whole cents, got ${item.priceCents}.`);
    }
    if (item.priceCents <= 0) {
      throw refuse('FREE_ITEM', 'BAD_USER_INPUT', `${item.name} is free: download it instead.`, 'items');
    }
    if (askedPriceCents(item) < MIN_PAID_PRICE_CENTS) {
      throw refuse(
        'PRICE_BELOW_MINIMUM',
        'BAD_USER_INPUT',
        `${item.name} costs less than the ${formatWholeEuros(PRICE_MIN_EUR)} minimum.`,
        'items',
      );
    }
    if (!isCents(tipCents) || tipCents < 0 || tipCents > MAX_TIP_CENTS) {
      throw refuse('INVALID_TIP', 'BAD_USER_INPUT', checkoutMessages.tipRange, 'tips');
    }
    const chosen = item.chosenPriceCents;
    if (chosen !== undefined) {
      if (!item.payWhatYouWant) {
        throw refuse('FIXED_PRICE', 'BAD_USER_INPUT', checkoutMessages.fixedPrice(item.name), 'prices');
      }
      if (!isCents(chosen) || chosen < askedPriceCents(item) || chosen > MAX_CHOSEN_PRICE_CENTS) {
        throw refuse(
          'INVALID_CHOSEN_PRICE',
          'BAD_USER_INPUT',
          checkoutMessages.chosenPriceRange(item.name, formatMoney(askedPriceCents(item))),
          'prices',
        );
      }
    }
    const key = orderItemKey(item);
    if (seen.has(key)) {
      throw refuse('DUPLICATE_ITEM', 'BAD_USER_INPUT', `${item.name} is in the order twice.`, 'items');
    }
    seen.add(key);
    const authors = [item.authorId, ...(item.coAuthors ?? []).map((author) => author.authorId)];
    if (buyer.userId !== null && authors.includes(buyer.userId)) {
      throw refuse('OWN_ITEM', 'FORBIDDEN', `${item.name} is your own work: you cannot buy it.`, 'items');
    }
  }

  const country = buyer.country?.trim().toLowerCase() || null;
  const consent = command.withdrawalConsent;
  const gift = command.gift
    ? giftGivenFor({ orderId, buyer, gift: command.gift, placedAt: command.placedAt })
    : null;
  if (country === null) throw refuse('EMPTY_ORDER', 'BAD_USER_INPUT', checkoutMessages.country, 'country');
  // Where the buyer lives, by the evidence rule (refused until they confirm a disputed country).
  const settled = settleBuyerCountry({
    billingCountry: country,
    ipCountry: command.vat.ipCountry,
    countryConfirmed: command.vat.countryConfirmed,
  });
  const decided = decideOrderVat({
    seller: command.vat.seller,
    country: settled.country,
    evidence: settled.evidence,
    vatId: command.vat.vatId,
    rates: command.vat.rates,
    on: command.placedAt,
  });
  const priced = priceOrder({
    items: command.items.map((item) => ({
      key: item,
      priceCents: item.chosenPriceCents ?? askedPriceCents(item),
      tipCents: item.tipCents ?? 0,
    })),
    paymentType: command.paymentType,
    country,
    policy: command.feePolicy,
    vat: {
      rateBasisPoints: decided.chargedRateBasisPoints,
      reverseChargeRateBasisPoints: decided.reverseChargeRateBasisPoints,
    },
  });
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        ...(command.externalId ? { externalId: command.externalId } : {}),
        buyer: {
          userId: buyer.userId,
          email: buyer.email,
          fullName: buyer.fullName,
          country,
          ...(buyer.guest ? { guest: true } : {}),
        },
        paymentType: command.paymentType,
        items: priced.items.map(({ key: item, ...amounts }) => ({
          itemType: item.itemType,
          itemId: item.itemId,
          name: item.name,
          authorId: item.authorId,
          priceCents: amounts.priceCents,
          tipCents: amounts.tipCents,
          vatCents: amounts.vatCents,
          ...(amounts.listPriceCents === undefined ? {} : { listPriceCents: amounts.listPriceCents }),
          siteFeeCents: amounts.siteFeeCents,
          paymentFeeCents: amounts.paymentFeeCents,
          authorShareCents: amounts.authorShareCents,
          ...(item.payWhatYouWant ? { minimumPriceCents: askedPriceCents(item) } : {}),
          ...reductionsRecord(item),
          ...(item.itemType === 'BUNDLE' && item.skinIds ? { skinIds: [...item.skinIds] } : {}),
          // Split among the accepted co-authors as they are now: the order keeps it (later changes
          // of the weights touch later sales only).
          ...(item.coAuthors && item.coAuthors.length > 1
            ? { authorShares: splitAuthorShare(amounts.authorShareCents, item.coAuthors) }
            : {}),
        })),
        totals: {
          totalCents: priced.totalCents,
          vatCents: priced.vatCents,
          siteFeeCents: priced.siteFeeCents,
          paymentFeeCents: priced.paymentFeeCents,
          authorShareCents: priced.authorShareCents,
        },
        feePolicyVersion: priced.feePolicyVersion,
        ...(consent ? { withdrawalConsentAsked: true as const } : {}),
        vat: decided.vat,
        placedAt: command.placedAt.toISOString(),
      },
    },
    // Given with the checkout: recorded with the placement, so the payment releases the downloads.
    ...(consent?.given
      ? [
          {
            type: 'WithdrawalConsentGiven' as const,
            data: {
              orderId,
              givenAt: command.placedAt.toISOString(),
              where: 'CHECKOUT' as const,
              statement: WITHDRAWAL_CONSENT_STATEMENT,
            },
          },
        ]
      : []),
    ...(gift ? [gift] : []),
  ];
}

/** The command comes from the order's buyer: the key signed for the order, or one of their accounts. */
function checkBuyer(proof: BuyerProof, state: PlacedOrderState, message: string) {
  const isBuyer =
    proof.orderKey || (state.buyerUserId !== null && proof.accountIds.includes(state.buyerUserId));
  if (!isBuyer) throw new OrderRefused('NOT_THE_BUYER', 'FORBIDDEN', message, state.orderId);
}

function checkConsentAsked(state: PlacedOrderState) {
  if (!state.consentAsked) {
    throw new OrderRefused(
      'CONSENT_NOT_ASKED',
      'CONFLICT',
      'This order was placed before checkout asked for consent: its downloads never wait for one.',
      state.orderId,
    );
  }
}

/** A cancelled or refunded order delivers nothing: there is nothing to consent to or withdraw from. */
function checkNotClosed(state: PlacedOrderState) {
  if (state.status === 'CANCELLED') {
    throw new OrderRefused(
      'ORDER_CANCELLED',
      'CONFLICT',
      'This order was cancelled: nothing will be delivered.',
      state.orderId,
    );
  }
  if (state.status === 'REFUNDED') {
    throw new OrderRefused(
      'ORDER_REFUNDED',
      'CONFLICT',
      'This order was refunded: nothing will be delivered.',
      state.orderId,
    );
  }
}

/**
 * The buyer's consent after checkout: only the buyer, once, for an order that asked for it and is
 * paid or being paid (a pending payment: the files come as soon as it settles).
 */
function giveWithdrawalConsent(command: GiveWithdrawalConsent, state: PlacedOrderState): OrderEvent[] {
  checkBuyer(command.proof, state, 'Only the buyer of this order can consent to its delivery.');
  checkConsentAsked(state);
  if (state.consentGivenAt !== null) {
    throw new OrderRefused(
      'CONSENT_ALREADY_GIVEN',
      'CONFLICT',
      `You already consented to the delivery of this order (${state.consentGivenAt.slice(0, 10)}).`,
      state.orderId,
    );
  }
  checkNotClosed(state);
  if (state.status !== 'PAYMENT_RECEIVED' && state.status !== 'PAYMENT_PENDING') {
    throw new OrderRefused(
      'ORDER_NOT_PAID',
      'CONFLICT',
      'This order is not paid yet: consent to its delivery once the payment has gone through.',
      state.orderId,
    );
  }
  return [
    {
      type: 'WithdrawalConsentGiven',
      data: {
        orderId: state.orderId,
        givenAt: command.givenAt.toISOString(),
        where: command.where,
        statement: WITHDRAWAL_CONSENT_STATEMENT,
      },
    },
  ];
}

/**
 * The buyer withdraws: only the buyer, from a paid order that asked for consent and got none, within
 * 14 days of the payment. The whole total is refunded, as an admin's refund does.
 */
function withdrawFromPurchase(command: WithdrawFromPurchase, state: PlacedOrderState): OrderEvent[] {
  checkBuyer(command.proof, state, 'Only the buyer of this order can withdraw from it.');
  checkConsentAsked(state);
  if (state.status === 'REFUNDED') return [];
  checkNotClosed(state);
  if (state.consentGivenAt !== null) {
    throw new OrderRefused(
      'CONSENT_ALREADY_GIVEN',
      'FORBIDDEN',
      'You consented to the immediate delivery of this order and so gave up the right of withdrawal.',
      state.orderId,
    );
  }
  if (state.status !== 'PAYMENT_RECEIVED' || !state.payment) {
    throw new OrderRefused(
      'ORDER_NOT_PAID',
      'CONFLICT',
      'This order is not paid yet: there is nothing to refund.',
      state.orderId,
    );
  }
  if (command.withdrawnAt.getTime() - Date.parse(state.payment.receivedAt) > WITHDRAWAL_PERIOD_MS) {
    throw new OrderRefused(
      'WITHDRAWAL_PERIOD_PASSED',
      'FORBIDDEN',
      `The ${WITHDRAWAL_DAYS}-day withdrawal period of this order has ended.`,
      state.orderId,
    );
  }
  return [
    {
      type: 'OrderRefunded',
      data: {
        orderId: state.orderId,
        by: state.buyerUserId,
        reason: `The buyer withdrew from the purchase within ${WITHDRAWAL_DAYS} days.`,
        amountCents: state.totalCents,
        refundedAt: command.withdrawnAt.toISOString(),
        providerRefundId: command.providerRefundId ?? null,
        withdrawal: true,
      },
    },
  ];
}

/** A provider may serve the order's payment type, or be the local stand-in for it. */
function checkProvider(provider: PaymentProvider, state: PlacedOrderState) {
  if (provider !== 'LOCAL' && provider !== state.paymentType) {
    throw new OrderRefused(
      'WRONG_PROVIDER',
      'BAD_USER_INPUT',
      `This order is paid with ${state.paymentType}, not ${provider}.`,
      state.orderId,
    );
  }
}

function refusePaid(state: PlacedOrderState): OrderRefused {
  return new OrderRefused('ORDER_ALREADY_PAID', 'CONFLICT', 'This order is already paid.', state.orderId);
}

function refuseCancelled(state: PlacedOrderState): OrderRefused {
  return new OrderRefused('ORDER_CANCELLED', 'CONFLICT', 'This order was cancelled.', state.orderId);
}

function openPaymentSession(command: OpenPaymentSession, state: PlacedOrderState): OrderEvent[] {
  if (state.status === 'PAYMENT_RECEIVED' || state.status === 'REFUNDED') throw refusePaid(state);
  if (state.status === 'PAYMENT_PENDING') throw refusePending(state);
  if (state.status === 'CANCELLED') throw refuseCancelled(state);
  checkProvider(command.provider, state);
  if (state.sessionReferences.includes(command.providerReference)) return [];
  return [
    {
      type: 'PaymentSessionOpened',
      data: {
        orderId: state.orderId,
        provider: command.provider,
        providerReference: command.providerReference,
        url: command.url ?? null,
        openedAt: command.openedAt.toISOString(),
      },
    },
  ];
}

/**
 * Records the provider's confirmation. Idempotent: the same reference again on a paid (or refunded)
 * order writes nothing; another reference on a paid order, any confirmation of a cancelled order and
 * an amount other than the total are refused with an OrderRefused the caller logs.
 */
function confirmPayment(command: ConfirmPayment, state: PlacedOrderState): OrderEvent[] {
  if (state.payment) {
    if (state.payment.providerReference === command.providerReference) return [];
    throw new OrderRefused(
      'PAID_WITH_ANOTHER_REFERENCE',
      'CONFLICT',
      `This order was already paid through ${state.payment.providerReference}, not ${command.providerReference}.`,
      state.orderId,
    );
  }
  if (state.status === 'CANCELLED') throw refuseCancelled(state);
  checkProvider(command.provider, state);
  if (command.amountCents !== state.totalCents) {
    throw new OrderRefused(
      'AMOUNT_MISMATCH',
      'CONFLICT',
      `The provider took ${command.amountCents} cents for an order of ${state.totalCents} cents.`,
      state.orderId,
    );
  }
  return [
    {
      type: 'PaymentReceived',
      data: {
        orderId: state.orderId,
        provider: command.provider,
        providerReference: command.providerReference,
        providerEventId: command.providerEventId ?? null,
        amountCents: command.amountCents,
        ...(command.cardCountry === undefined
          ? {}
          : { cardCountry: command.cardCountry?.trim().toLowerCase() || null }),
        receivedAt: command.receivedAt.toISOString(),
      },
    },
  ];
}

function cancelOrder(command: CancelOrder, state: PlacedOrderState): OrderEvent[] {
  if (state.status === 'CANCELLED') return [];
  if (state.status === 'PAYMENT_RECEIVED' || state.status === 'REFUNDED') throw refusePaid(state);
  // Only the provider's own notice (a failed payment) ends a pending payment: never a timer or the buyer.
  if (state.status === 'PAYMENT_PENDING' && command.reason !== 'DECLINED') throw refusePending(state);
  return [
    {
      type: 'OrderCancelled',
      data: {
        orderId: state.orderId,
        reason: command.reason,
        cancelledAt: command.cancelledAt.toISOString(),
      },
    },
  ];
}

function refundOrder(command: RefundOrder, state: PlacedOrderState): OrderEvent[] {
  if (state.status === 'REFUNDED') return [];
  if (state.status !== 'PAYMENT_RECEIVED' || !state.payment) {
    throw new OrderRefused(
      'ORDER_NOT_PAID',
      'CONFLICT',
      'Only a completed order can be refunded.',
      state.orderId,
    );
  }
  const paidAt = Date.parse(state.payment.receivedAt);
  if (command.refundedAt.getTime() - paidAt > REFUND_WINDOW_MS) {
    throw new OrderRefused(
      'REFUND_WINDOW_PASSED',
      'FORBIDDEN',
      `Orders can be refunded within ${REFUND_WINDOW_DAYS} days of payment.`,
      state.orderId,
    );
  }
  if (command.downloadedItems.length > 0) {
    const which = command.downloadedItems.map(orderItemKey).join(', ');
    throw new OrderRefused(
      'ITEMS_DOWNLOADED',
      'FORBIDDEN',
      `Downloaded items cannot be refunded (${which}).`,
      state.orderId,
    );
  }
  return [
    {
      type: 'OrderRefunded',
      data: {
        orderId: state.orderId,
        by: command.by,
        reason: command.reason ?? null,
        amountCents: state.totalCents,
        refundedAt: command.refundedAt.toISOString(),
        providerRefundId: command.providerRefundId ?? null,
      },
    },
  ];
}

function refusePending(state: PlacedOrderState): OrderRefused {
  return new OrderRefused(
    'PAYMENT_PENDING',
    'CONFLICT',
    'A payment for this order is pending at the provider.',
    state.orderId,
  );
}

function checkAmount(amountCents: Cents, state: PlacedOrderState) {
  if (amountCents !== state.totalCents) {
    throw new OrderRefused(
      'AMOUNT_MISMATCH',
      'CONFLICT',
      `The provider took ${amountCents} cents for an order of ${state.totalCents} cents.`,
      state.orderId,
    );
  }
}

/** Idempotent: the same pending payment again, or one already settled, writes nothing. */
function recordPendingPayment(command: RecordPendingPayment, state: PlacedOrderState): OrderEvent[] {
  if (state.payment) {
    if (state.payment.providerReference === command.providerReference) return [];
    throw new OrderRefused(
      'PAID_WITH_ANOTHER_REFERENCE',
      'CONFLICT',
      `This order was already paid through ${state.payment.providerReference}, not ${command.providerReference}.`,
      state.orderId,
    );
  }
  if (state.status === 'CANCELLED') throw refuseCancelled(state);
  if (state.pendingReference === command.providerReference) return [];
  if (state.status === 'PAYMENT_PENDING') throw refusePending(state);
  checkProvider(command.provider, state);
  checkAmount(command.amountCents, state);
  return [
    {
      type: 'PaymentPending',
      data: {
        orderId: state.orderId,
        provider: command.provider,
        providerReference: command.providerReference,
        providerEventId: command.providerEventId ?? null,
        amountCents: command.amountCents,
        pendingAt: command.pendingAt.toISOString(),
      },
    },
  ];
}

/**
 * A payment the order cannot take: the order was cancelled, or it was already paid through another
 * session. The same one again writes nothing.
 */
function recordLatePayment(command: RecordLatePayment, state: PlacedOrderState): OrderEvent[] {
  const paidElsewhere =
    state.payment !== null && state.payment.providerReference !== command.providerReference;
  if (state.status !== 'CANCELLED' && !paidElsewhere) {
    throw new OrderRefused(
      'ORDER_NOT_CANCELLED',
      'CONFLICT',
      'Only a cancelled order, or one paid through another session, takes a late payment.',
      state.orderId,
    );
  }
  if (state.latePayments.some((late) => late.providerReference === command.providerReference)) return [];
  return [
    {
      type: 'LatePaymentReceived',
      data: {
        orderId: state.orderId,
        provider: command.provider,
        providerReference: command.providerReference,
        providerEventId: command.providerEventId ?? null,
        amountCents: command.amountCents,
        receivedAt: command.receivedAt.toISOString(),
      },
    },
  ];
}

function recordLatePaymentRefund(command: RecordLatePaymentRefund, state: PlacedOrderState): OrderEvent[] {
  const late = state.latePayments.find((payment) => payment.providerReference === command.providerReference);
  if (!late) {
    throw new OrderRefused(
      'NO_LATE_PAYMENT',
      'CONFLICT',
      `There is no late payment ${command.providerReference} to refund.`,
      state.orderId,
    );
  }
  if (late.refunded) return [];
  return [
    {
      type: 'LatePaymentRefunded',
      data: {
        orderId: state.orderId,
        provider: late.provider,
        providerReference: late.providerReference,
        providerRefundId: command.providerRefundId,
        amountCents: late.amountCents,
        refundedAt: command.refundedAt.toISOString(),
      },
    },
  ];
}

function recordProviderRefund(command: RecordProviderRefund, state: PlacedOrderState): OrderEvent[] {
  if (state.status === 'REFUNDED') return [];
  if (state.status !== 'PAYMENT_RECEIVED' || !state.payment) {
    throw new OrderRefused(
      'ORDER_NOT_PAID',
      'CONFLICT',
      'Only a completed order can be refunded.',
      state.orderId,
    );
  }
  if (command.amountCents !== state.totalCents) {
    throw new OrderRefused(
      'PARTIAL_REFUND',
      'CONFLICT',
      `The provider refunded ${command.amountCents} of ${state.totalCents} cents: only a whole refund is recorded.`,
      state.orderId,
    );
  }
  return [
    {
      type: 'OrderRefunded',
      data: {
        orderId: state.orderId,
        by: null,
        reason: command.reason ?? null,
        amountCents: state.totalCents,
        refundedAt: command.refundedAt.toISOString(),
        providerRefundId: command.providerRefundId,
      },
    },
  ];
}
