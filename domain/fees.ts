import { isCountryCode, isEeaCountry } from './accounts/countries';
import { PRICE_MIN_EUR } from './catalog/item-editor.schemas';
import {
  allocate,
  assertCents,
  CENTS_PER_EURO,
  formatBasisPoints,
  formatEuros,
  percentOf,
  sumCents,
  type Cents,
} from './money';

/**
 * The fee policy (decisions.md, Money; spec 9), as data:
 * - site fee: 2 % of the order total;
 * - card: 1.5 % of the order total when the buyer's country is in the EEA or unknown, 3.25 % otherwise,
 *   plus 0.30 EUR per order;
 * - PayPal: a configured rate plus a configured fixed part per order (defaults 3.49 % + 0.35 EUR).
 * Events record `version`, which names the computation's generation and every number in it, so an
 * audit can tell which rules priced an order.
 */
export type FeePolicy = {
  readonly version: string;
  readonly siteRateBasisPoints: number;
  readonly card: {
    readonly eeaRateBasisPoints: number;
    readonly otherRateBasisPoints: number;
    readonly fixedCents: Cents;
  };
  readonly paypal: { readonly rateBasisPoints: number; readonly fixedCents: Cents };
};

/** How buyers pay for an order (the contract's PaymentType without BANK_TRANSFER, a payout method). */
export type OrderPaymentType = 'STRIPE' | 'PAYPAL';
export const ORDER_PAYMENT_TYPES: readonly OrderPaymentType[] = ['STRIPE', 'PAYPAL'];

/** Increase when the way fees are computed changes (not their numbers: those are in the version too). */
export const FEE_RULES_GENERATION = 1;

export const SITE_RATE_BASIS_POINTS = 200;
export const CARD_EEA_RATE_BASIS_POINTS = 150;
export const CARD_OTHER_RATE_BASIS_POINTS = 325;
export const CARD_FIXED_CENTS = 30;
export const PAYPAL_DEFAULT_RATE_BASIS_POINTS = 349;
export const PAYPAL_DEFAULT_FIXED_CENTS = 35;

/**
 * Bounds on a configured PayPal rate and fixed part. They keep every author share ≥ 0 even for the
 * cheapest paid item (2 EUR) in any order: its site fee ≤ 2 % + 1.5 cents of rounding (5), its rate
 * fee ≤ 20 % + 1.5 cents (41), its part of the fixed fee ≤ 100; 146 < 200.
 */
export const MAX_RATE_BASIS_POINTS = 2_000;
export const MAX_FIXED_CENTS = 100;

/** The cheapest price an item in an order may have (spec 9: paid items cost at least 2 EUR). */
export const MIN_PAID_PRICE_CENTS = PRICE_MIN_EUR * CENTS_PER_EURO;

function checkRate(basisPoints: number, what: string) {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > MAX_RATE_BASIS_POINTS) {
    throw new RangeError(`${what} must be whole basis points from 0 to ${MAX_RATE_BASIS_POINTS}.`);
  }
}

function checkFixed(cents: number, what: string) {
  assertCents(cents, what, { nonNegative: true });
  if (cents > MAX_FIXED_CENTS) throw new RangeError(`${what} must be at most ${MAX_FIXED_CENTS} cents.`);
}

/** The policy with the configured PayPal rate and fixed part (defaults 3.49 % + 0.35 EUR). */
export function feePolicy(
  options: { paypal?: { rateBasisPoints?: number; fixedCents?: Cents } } = {},
): FeePolicy {
  const paypal = {
    rateBasisPoints: options.paypal?.rateBasisPoints ?? PAYPAL_DEFAULT_RATE_BASIS_POINTS,
    fixedCents: options.paypal?.fixedCents ?? PAYPAL_DEFAULT_FIXED_CENTS,
  };
  checkRate(paypal.rateBasisPoints, 'The PayPal rate');
  checkFixed(paypal.fixedCents, 'The PayPal fixed fee');
  const card = {
    eeaRateBasisPoints: CARD_EEA_RATE_BASIS_POINTS,
    otherRateBasisPoints: CARD_OTHER_RATE_BASIS_POINTS,
    fixedCents: CARD_FIXED_CENTS,
  };
  const version =
    `v${FEE_RULES_GENERATION}:site=${formatBasisPoints(SITE_RATE_BASIS_POINTS)}%` +
    `,card=${formatBasisPoints(card.eeaRateBasisPoints)}%/${formatBasisPoints(card.otherRateBasisPoints)}%` +
    `+${formatEuros(card.fixedCents)}` +
    `,paypal=${formatBasisPoints(paypal.rateBasisPoints)}%+${formatEuros(paypal.fixedCents)}`;
  return Object.freeze({
    version,
    siteRateBasisPoints: SITE_RATE_BASIS_POINTS,
    card: Object.freeze(card),
    paypal: Object.freeze(paypal),
  });
}

/** `v1:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35` */
export const DEFAULT_FEE_POLICY: FeePolicy = feePolicy();

/**
 * The buyer's country counts as unknown when it is missing, empty or not a country code we know;
 * card payments from an unknown country bear the EEA rate (decisions.md).
 */
export function cardRateBasisPoints(policy: FeePolicy, country: string | null): number {
  const code = country?.trim().toLowerCase() ?? '';
  const known = code !== '' && isCountryCode(code);
  return !known || isEeaCountry(code) ? policy.card.eeaRateBasisPoints : policy.card.otherRateBasisPoints;
}

/** The payment provider's rate and fixed part for one order. */
export function paymentFeeRule(
  policy: FeePolicy,
  paymentType: OrderPaymentType,
  country: string | null,
): { rateBasisPoints: number; fixedCents: Cents } {
  return paymentType === 'PAYPAL'
    ? { rateBasisPoints: policy.paypal.rateBasisPoints, fixedCents: policy.paypal.fixedCents }
    : { rateBasisPoints: cardRateBasisPoints(policy, country), fixedCents: policy.card.fixedCents };
}

export type OrderLineToPrice<Key> = { key: Key; priceCents: Cents; tipCents: Cents };

export type PricedLine<Key> = {
  key: Key;
  priceCents: Cents;
  tipCents: Cents;
  siteFeeCents: Cents;
  /** The payment provider's fee borne by this item: its part of the rate fee plus its part of the fixed fee. */
  paymentFeeCents: Cents;
  /** The part of `paymentFeeCents` that is this item's share of the fixed per-order fee. */
  paymentFixedFeeCents: Cents;
  /** price + tip − site fee − payment fee: what the author is paid for this item. */
  authorShareCents: Cents;
};

export type PricedOrder<Key> = {
  /** What the buyer pays: the sum of every price and tip. */
  totalCents: Cents;
  siteFeeCents: Cents;
  paymentFeeCents: Cents;
  paymentFixedFeeCents: Cents;
  authorShareCents: Cents;
  feePolicyVersion: string;
  items: PricedLine<Key>[];
};

/**
 * Prices an order's fees and author shares.
 *
 * The site fee and the payment provider's rate fee are computed on the order total (rounded to the
 * cent, half up) and split over the items by largest remainder in proportion to each item's amount
 * (price + tip). The fixed per-order fee is split by largest remainder in proportion to item prices
 * (items of 5 and 10 EUR bear 0.10 and 0.20 of 0.30). An item's author share is its amount minus its
 * site fee and its payment fee. Every per-item figure adds up to the order figure to the cent, and
 * site fee + payment fee + author shares = total.
 *
 * Free items never reach an order (the order decider refuses them): every price must be at least
 * 2 EUR (`MIN_PAID_PRICE_CENTS`) and every tip ≥ 0, in whole cents. With the policy's bounds that
 * keeps every author share ≥ 0; both are asserted and a breach throws a RangeError (a programming
 * error: callers validate first).
 */
export function priceOrder<Key>(order: {
  items: readonly OrderLineToPrice<Key>[];
  paymentType: OrderPaymentType;
  country: string | null;
  policy: FeePolicy;
}): PricedOrder<Key> {
  const { items, policy } = order;
  if (items.length === 0) throw new RangeError('An order needs at least one item.');
  for (const item of items) {
    assertCents(item.priceCents, 'An item price');
    assertCents(item.tipCents, 'A tip', { nonNegative: true });
    if (item.priceCents < MIN_PAID_PRICE_CENTS) {
      throw new RangeError(
        `An ordered item costs at least ${MIN_PAID_PRICE_CENTS} cents, got ${item.priceCents}.`,
      );
    }
  }
  const amounts = items.map((item) => item.priceCents + item.tipCents);
  const prices = items.map((item) => item.priceCents);
  const totalCents = sumCents(amounts);
  const rule = paymentFeeRule(policy, order.paymentType, order.country);

  const siteFeeCents = percentOf(totalCents, policy.siteRateBasisPoints);
  const paymentRateFeeCents = percentOf(totalCents, rule.rateBasisPoints);
  const siteFees = allocate(siteFeeCents, amounts);
  const rateFees = allocate(paymentRateFeeCents, amounts);
  const fixedFees = allocate(rule.fixedCents, prices);

  const priced = items.map((item, index): PricedLine<Key> => {
    const amount = amounts[index] ?? 0;
    const siteFee = siteFees[index] ?? 0;
    const fixedFee = fixedFees[index] ?? 0;
    const paymentFee = (rateFees[index] ?? 0) + fixedFee;
    const authorShareCents = amount - siteFee - paymentFee;
    if (authorShareCents < 0) {
      throw new RangeError(`Fees of ${siteFee + paymentFee} cents exceed an item of ${amount} cents.`);
    }
    return {
      key: item.key,
      priceCents: item.priceCents,
      tipCents: item.tipCents,
      siteFeeCents: siteFee,
      paymentFeeCents: paymentFee,
      paymentFixedFeeCents: fixedFee,
      authorShareCents,
    };
  });

  return {
    totalCents,
    siteFeeCents,
    paymentFeeCents: paymentRateFeeCents + rule.fixedCents,
    paymentFixedFeeCents: rule.fixedCents,
    authorShareCents: sumCents(priced.map((item) => item.authorShareCents)),
    feePolicyVersion: policy.version,
    items: priced,
  };
}
