import type { OrderPaymentType } from '../fees';
import type { GiftEvent } from '../gifts/gift.events';
import type { Cents } from '../money';

/** One order: stream `order-{orderId}`, stream type `order`. */
export const ORDER_STREAM_TYPE = 'order';
export const orderStreamId = (orderId: string) => `order-${orderId}`;

export type OrderItemType = 'SKIN' | 'BUNDLE';
/** An item of the catalogue: a skin, or a bundle (one item; its author is paid for the bundle). */
export type OrderItemRef = { itemType: OrderItemType; itemId: number };

export type OrderBuyer = {
  /**
   * The account the order belongs to: the signed-in buyer, or for a guest the (anonymous) users row
   * of the email given, which becomes their account if they register with it later. null only in
   * orders placed without any account.
   */
  userId: number | null;
  /** true when the buyer was not signed in (checked out as a guest); absent means false. */
  guest?: boolean;
  email: string;
  fullName: string;
  /** Two-letter lowercase code, or null when unknown (priced as the EEA). */
  country: string | null;
};

/** An ordered item as the catalogue sold it, with the fees and the author share decided for it. */
export type OrderedItem = OrderItemRef & {
  name: string;
  authorId: number;
  priceCents: Cents;
  tipCents: Cents;
  siteFeeCents: Cents;
  paymentFeeCents: Cents;
  /** price + tip − site fee − payment fee */
  authorShareCents: Cents;
  /**
   * Only for a pay-what-you-want item: the author's price, the least the buyer could pay;
   * `priceCents` is then what the buyer chose. Absent for fixed prices (and in orders before it).
   */
  minimumPriceCents?: Cents;
  /**
   * VAT carved out of price + tip at the order's rate (`OrderPlaced.vat`); absent in orders placed
   * before VAT (read as 0). net = price + tip − VAT; author share = net − site fee − payment fee.
   */
  vatCents?: Cents;
  /**
   * What the catalogue asked for the item when a reverse-charge buyer paid less than it: the
   * VAT-inclusive price the buyer's country would have paid (`priceCents` is then what was charged).
   */
  listPriceCents?: Cents;
  /**
   * A bundle's skins when it was bought: owning the bundle owns exactly these, so ownership replays
   * the same whatever the bundle holds later. Absent for skins.
   */
  skinIds?: number[];
  /**
   * The author's own price before any reduction, when a reduction applied (absent: none did, the
   * price was the regular one). regularPriceCents − Σ reductions = the asked price: `priceCents` for
   * consumers, `listPriceCents` for a reverse-charge buyer.
   */
  regularPriceCents?: Cents;
  /** The reductions applied, in the order applied (a sale first, then a code). Absent: none. */
  reductions?: PriceReduction[];
  /**
   * How `authorShareCents` was split among the item's authors when it was sold (accepted co-authors
   * and their weights at that moment), by largest remainder; the parts add up to the author share.
   * Absent: the whole share is `authorId`'s.
   */
  authorShares?: AuthorSharePart[];
};

/** Why an item cost less than its regular price (Price Indication Directive Art. 6a for sales). */
export type PriceReduction = {
  source: 'SALE' | 'CODE';
  /** The sale's id, or the discount code's id. */
  id: string;
  /** What the buyer saw: the sale's name, or the code as typed (normalised). */
  label: string;
  cents: Cents;
};

/** One author's part of an item's author share. */
export type AuthorSharePart = { authorId: number; weight: number; cents: Cents };

export type OrderTotals = {
  /** What the buyer pays: the sum of the items' prices and tips (gross, VAT included). */
  totalCents: Cents;
  /** The items' VAT; absent in orders placed before VAT (read as 0). */
  vatCents?: Cents;
  siteFeeCents: Cents;
  paymentFeeCents: Cents;
  authorShareCents: Cents;
};

/**
 * How VAT applied to an order (docs/vat.md):
 * - OSS: a consumer in another member state, taxed at that state's rate and declared through the
 *   One-Stop Shop;
 * - DOMESTIC: a consumer in the operator's home country, home rate, declared in the domestic return;
 * - REVERSE_CHARGE: a business in another member state with a valid VAT ID: no VAT, the buyer
 *   accounts for it (VAT Directive Art. 196);
 * - OUTSIDE_EU: the buyer lives outside the EU: no EU VAT;
 * - NOT_REGISTERED: the operator is not registered for VAT: none is charged.
 */
export type VatTreatment = 'OSS' | 'DOMESTIC' | 'REVERSE_CHARGE' | 'OUTSIDE_EU' | 'NOT_REGISTERED';

/**
 * The evidence of where the buyer lives (Implementing Regulation 282/2011, Art. 24b-24f), recorded
 * when the order is placed. The card's issuing country comes later, with the payment
 * (`PaymentReceived.cardCountry`).
 */
export type LocationEvidence = {
  /** The billing country given at checkout. */
  billingCountry: string | null;
  /** The country of the buyer's IP address (offline database), null when it tells nothing. */
  ipCountry: string | null;
  /** How `OrderVat.country` was settled (docs/vat.md states the rule). */
  rule: 'BILLING_AND_IP_AGREE' | 'BUYER_CONFIRMED';
};

/** The order's VAT, decided when it was placed. Absent in orders placed before VAT. */
export type OrderVat = {
  treatment: VatTreatment;
  /** The country whose VAT applies: lowercase ISO 3166-1 alpha-2, null when unknown. */
  country: string | null;
  /** The rate applied in basis points (1900 = 19 %), 0 when no VAT is charged. */
  rateBasisPoints: number;
  /** The rate set the rate came from, e.g. `sales-tax@2.23.0`. */
  rateSetVersion: string;
  /** The operator when the order was placed: its home country and VAT number (null: not registered). */
  seller: { homeCountry: string; vatId: string | null };
  /** The buyer's VAT ID, for REVERSE_CHARGE only. */
  buyerVatId: string | null;
  /** How the buyer's VAT ID was checked (VIES, or the local stand-in offline). */
  vatIdCheck: { source: 'VIES' | 'LOCAL'; requestIdentifier: string | null; checkedAt: string } | null;
  evidence: LocationEvidence;
};

/** Who takes the payment: the card provider, PayPal, or the built-in local stand-in for either. */
export type PaymentProvider = 'STRIPE' | 'PAYPAL' | 'LOCAL';

/** Why an unpaid order was closed. */
export type OrderCancellationReason =
  /** The provider's session expired, or the order stayed unpaid too long. */
  | 'EXPIRED'
  /** The buyer cancelled at the provider (or on the local checkout page). */
  | 'CANCELLED_BY_BUYER'
  /** The provider declined the payment. */
  | 'DECLINED';

/** Times are ISO 8601 strings (UTC); amounts are integer euro cents. */
export type OrderPlaced = {
  type: 'OrderPlaced';
  data: {
    orderId: string;
    /** The order number shown to people (mails, purchase history); recorded so it never changes. */
    externalId?: string;
    buyer: OrderBuyer;
    paymentType: OrderPaymentType;
    items: OrderedItem[];
    totals: OrderTotals;
    /** The fee rules that priced the items (`FeePolicy.version`). */
    feePolicyVersion: string;
    /** Absent in orders placed before VAT: they read as no VAT at all. */
    vat?: OrderVat;
    /**
     * Checkout asked for consent to immediate delivery (withdrawal-consent.ts). Absent in orders
     * placed before it was asked: those keep their downloads as they always had them.
     */
    withdrawalConsentAsked?: true;
    placedAt: string;
  };
};

export type PaymentSessionOpened = {
  type: 'PaymentSessionOpened';
  data: {
    orderId: string;
    provider: PaymentProvider;
    /** The provider's id for the session: Stripe checkout session id, PayPal order id, local id. */
    providerReference: string;
    /** Where the buyer pays, when the provider gives a page. */
    url: string | null;
    openedAt: string;
  };
};

export type PaymentReceived = {
  type: 'PaymentReceived';
  data: {
    orderId: string;
    provider: PaymentProvider;
    /** The session or provider order that was paid; a repeated confirmation names the same one. */
    providerReference: string;
    /** The provider's notification that confirmed it (Stripe event id, PayPal capture id), if any. */
    providerEventId: string | null;
    amountCents: Cents;
    /** The card's issuing country when the provider reports it (lowercase), else null or absent. */
    cardCountry?: string | null;
    receivedAt: string;
  };
};

/**
 * The provider accepted the payment but has not settled it yet (a Stripe Checkout Session completed
 * with a delayed payment method, a PayPal capture held as PENDING). Nothing is granted; the unpaid
 * orders job leaves the order alone; the provider's later notice pays or cancels it.
 */
export type PaymentPending = {
  type: 'PaymentPending';
  data: {
    orderId: string;
    provider: PaymentProvider;
    /** The session or provider order being paid. */
    providerReference: string;
    /** The provider's notification or capture that said so (Stripe event id, PayPal capture id), if any. */
    providerEventId: string | null;
    amountCents: Cents;
    pendingAt: string;
  };
};

/**
 * A payment the provider took that the order cannot take (it was cancelled, or already paid through
 * another session): it grants nothing and is refunded automatically (the late-payment-refunds
 * reactor), so the money never stays with us.
 */
export type LatePaymentReceived = {
  type: 'LatePaymentReceived';
  data: {
    orderId: string;
    provider: PaymentProvider;
    providerReference: string;
    /** Stripe event id or PayPal capture id, if any. */
    providerEventId: string | null;
    amountCents: Cents;
    receivedAt: string;
  };
};

/** The provider returned a late payment (see LatePaymentReceived). */
export type LatePaymentRefunded = {
  type: 'LatePaymentRefunded';
  data: {
    orderId: string;
    provider: PaymentProvider;
    providerReference: string;
    /** The provider's refund id (Stripe re_…, PayPal refund id, LOCAL-REFUND-… for the stand-in). */
    providerRefundId: string;
    amountCents: Cents;
    refundedAt: string;
  };
};

export type OrderCancelled = {
  type: 'OrderCancelled';
  data: { orderId: string; reason: OrderCancellationReason; cancelledAt: string };
};

/** Where the buyer gave the consent to immediate delivery. */
export type WithdrawalConsentPlace = 'CHECKOUT' | 'CONFIRMATION_PAGE' | 'COLLECTION';

/**
 * The buyer expressly consented to the delivery of the order's files starting now and acknowledged
 * losing the right of withdrawal with it (Consumer Rights Directive 2011/83/EU, Art. 16(m)). Given
 * at checkout it is appended with OrderPlaced; later, once, from the confirmation page or the
 * collection. Until then a paid order's downloads wait (docs/withdrawal.md).
 */
export type WithdrawalConsentGiven = {
  type: 'WithdrawalConsentGiven';
  data: {
    orderId: string;
    givenAt: string;
    where: WithdrawalConsentPlace;
    /** The exact text the buyer agreed to. */
    statement: string;
  };
};

export type OrderRefunded = {
  type: 'OrderRefunded';
  data: {
    orderId: string;
    /** The admin's user id; null when the refund was made at the provider (its dashboard). */
    by: number | null;
    reason: string | null;
    /** The whole order total goes back to the buyer. */
    amountCents: Cents;
    refundedAt: string;
    /**
     * The provider's refund id (Stripe re_…, PayPal refund id, LOCAL-REFUND-… for the stand-in);
     * absent in refunds recorded before the API returned money itself.
     */
    providerRefundId?: string | null;
    /**
     * The buyer withdrew from the purchase within the 14 days (`by` is then the buyer's account);
     * absent for an admin's or the provider's refund.
     */
    withdrawal?: true;
  };
};

export type OrderEvent =
  | OrderPlaced
  | PaymentSessionOpened
  | PaymentPending
  | PaymentReceived
  | OrderCancelled
  | OrderRefunded
  | LatePaymentReceived
  | LatePaymentRefunded
  | WithdrawalConsentGiven
  /** The order is a gift (docs/gifts.md): given at checkout, claimed through the mailed link. */
  | GiftEvent;
export type OrderEventType = OrderEvent['type'];

/**
 * The shape version of each event's data (the store's `schemaVersion`): a change of shape increases
 * it and adds an upcaster; a change of meaning gets a new event name.
 */
export const orderEventSchemaVersions: Record<OrderEventType, number> = {
  OrderPlaced: 1,
  PaymentSessionOpened: 1,
  PaymentPending: 1,
  PaymentReceived: 1,
  OrderCancelled: 1,
  OrderRefunded: 1,
  LatePaymentReceived: 1,
  LatePaymentRefunded: 1,
  WithdrawalConsentGiven: 1,
  GiftGiven: 1,
  GiftClaimed: 1,
};

/** The contract's PaymentStatus enum. */
export type PaymentStatus =
  | 'BEFORE_CHECKOUT'
  | 'PAYMENT_ON_THE_WAY'
  | 'PAYMENT_PENDING'
  | 'PAYMENT_RECEIVED'
  | 'CANCELLED'
  | 'REFUNDED';
export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'BEFORE_CHECKOUT',
  'PAYMENT_ON_THE_WAY',
  'PAYMENT_PENDING',
  'PAYMENT_RECEIVED',
  'CANCELLED',
  'REFUNDED',
];

/** The labels of spec 4 ('Refunded' from decisions.md). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  BEFORE_CHECKOUT: 'Before checkout',
  PAYMENT_ON_THE_WAY: 'Awaiting payment',
  PAYMENT_PENDING: 'Payment pending',
  PAYMENT_RECEIVED: 'Completed',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
};

/** The events of an order that change no payment status: the consent and the gift's. */
export type OrderEventWithoutStatus = 'WithdrawalConsentGiven' | GiftEvent['type'];

/**
 * The order's payment status once an event of this type has happened (what projections show). A
 * consent or a gift's event changes no status.
 */
export const paymentStatusAfter: Record<Exclude<OrderEventType, OrderEventWithoutStatus>, PaymentStatus> = {
  OrderPlaced: 'BEFORE_CHECKOUT',
  PaymentSessionOpened: 'PAYMENT_ON_THE_WAY',
  PaymentPending: 'PAYMENT_PENDING',
  PaymentReceived: 'PAYMENT_RECEIVED',
  OrderCancelled: 'CANCELLED',
  OrderRefunded: 'REFUNDED',
  // A late payment changes no order's status (evolve keeps it; the orders read model skips these
  // events): mostly the order was cancelled, which is what a status would say.
  LatePaymentReceived: 'CANCELLED',
  LatePaymentRefunded: 'CANCELLED',
};

/** `SKIN:12`, `BUNDLE:3`: one key per catalogue item. */
export const orderItemKey = (item: OrderItemRef) => `${item.itemType}:${item.itemId}`;
