import { isCountryCode, isEeaCountry } from './accounts/countries';
import { PRICE_MIN_EUR } from './catalog/item-editor.schemas';
import {
  allocate,
  allocateByBigWeights,
  assertCents,
  CENTS_PER_EURO,
  includedVat,
  formatBasisPoints,
  formatEuros,
  percentOf,
  sumCents,
  type Cents,
} from './money';

/**
 * The fee policy (decisions.md, Money; spec 9), as data:
 * - site fee: 2 % of the order total (from generation 3: of the order's net, VAT carved out);
 * - card: 1.5 % of the order total when the buyer's country is in the EEA or unknown, 3.25 % otherwise,
 *   plus 0.30 EUR per order;
 * - PayPal: a configured rate plus a configured fixed part per order (defaults 3.49 % + 0.35 EUR).
 * Events record `version`, which names the computation's generation and every number in it, so an
 * audit can tell which rules priced an order, and a past order is priced again by its own generation.
 */
export type FeePolicy = {
  readonly version: string;
  readonly generation: FeeRulesGeneration;
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

/**
 * The generations of the way fees are computed (not their numbers: those are in the version too).
 * Add one when the computation changes; orders keep the generation that priced them.
 * - 1: an item's payment fee is its share of the rate fee plus its share of the fixed fee, each
 *   rounded on its own (so an item could be a cent and more off its exact share);
 * - 2: an item's whole payment fee is allocated at once by largest remainder over the items' exact
 *   shares (rate fee by price + tip, fixed fee by price), so each is its exact share rounded down
 *   or up, and no more than half a cent off whenever any split of the order's fee can manage that;
 * - 3: VAT (docs/vat.md). Each item's VAT is carved out of its price + tip at the order's rate; the
 *   site fee is a percentage of the net (price + tip − VAT); the payment fee stays on what the buyer
 *   pays (the gross, as providers charge it), allocated as in generation 2; the author share is net −
 *   site fee − payment fee. A reverse-charge buyer pays the price less the VAT it would include at
 *   their country's rate. With no VAT, generation 3 gives generation 2's figures.
 */
export const FEE_RULES_GENERATIONS = [1, 2, 3] as const;
export type FeeRulesGeneration = (typeof FEE_RULES_GENERATIONS)[number];
/** The generation new orders are priced by. */
export const FEE_RULES_GENERATION: FeeRulesGeneration = 3;

export const SITE_RATE_BASIS_POINTS = 200;
export const CARD_EEA_RATE_BASIS_POINTS = 150;
export const CARD_OTHER_RATE_BASIS_POINTS = 325;
export const CARD_FIXED_CENTS = 30;
export const PAYPAL_DEFAULT_RATE_BASIS_POINTS = 349;
export const PAYPAL_DEFAULT_FIXED_CENTS = 35;

/**
 * Bounds on a configured PayPal rate and fixed part. They keep every author share ≥ 0 even for the
 * cheapest paid item (2 EUR) in any order: its site fee ≤ 2 % + 1.5 cents of rounding (5), its rate
 * fee ≤ 20 % + 1.5 cents (41), its part of the fixed fee ≤ 100; 146 < 200. From generation 3 the
 * item's net is what the fees come out of: at the highest EU rate (27 %) 2 EUR hold 43 cents of VAT,
 * leaving 157 ≥ 146 (and a reverse-charge buyer pays those 157).
 */
/** The highest VAT rate the fee bounds hold for (Hungary's 27 %, the EU's highest standard rate). */
export const MAX_VAT_RATE_BASIS_POINTS = 2_700;
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
  options: {
    paypal?: { rateBasisPoints?: number; fixedCents?: Cents };
    /** Only to price a past order again; new orders use the current generation. */
    generation?: FeeRulesGeneration;
  } = {},
): FeePolicy {
  const generation = options.generation ?? FEE_RULES_GENERATION;
  if (!FEE_RULES_GENERATIONS.includes(generation)) {
    throw new RangeError(`No fee rules of generation ${String(generation)}.`);
  }
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
    `v${generation}:site=${formatBasisPoints(SITE_RATE_BASIS_POINTS)}%` +
    `,card=${formatBasisPoints(card.eeaRateBasisPoints)}%/${formatBasisPoints(card.otherRateBasisPoints)}%` +
    `+${formatEuros(card.fixedCents)}` +
    `,paypal=${formatBasisPoints(paypal.rateBasisPoints)}%+${formatEuros(paypal.fixedCents)}`;
  return Object.freeze({
    version,
    generation,
    siteRateBasisPoints: SITE_RATE_BASIS_POINTS,
    card: Object.freeze(card),
    paypal: Object.freeze(paypal),
  });
}

/** `v3:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35` */
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

export type OrderLineToPrice<Key> = {
  key: Key;
  priceCents: Cents;
  tipCents: Cents;
  /**
   * Generation 3, pricing a recorded reverse-charge order again: `priceCents` is what was charged,
   * this the catalogue price it came from (the 2 EUR minimum applies to it).
   */
  listPriceCents?: Cents;
};

export type PricedLine<Key> = {
  key: Key;
  /** What the buyer is charged for the item (for a reverse charge, less than the catalogue's). */
  priceCents: Cents;
  tipCents: Cents;
  /** The VAT carved out of price + tip (0 before generation 3 and when none is charged). */
  vatCents: Cents;
  /** The catalogue (or chosen) price when a reverse-charge buyer was charged less; else absent. */
  listPriceCents?: Cents;
  siteFeeCents: Cents;
  /** The payment provider's fee borne by this item: its part of the rate fee plus its part of the fixed fee. */
  paymentFeeCents: Cents;
  /**
   * This item's share of the fixed per-order fee (by price). In generation 1 it is the part of
   * `paymentFeeCents` that was rounded on its own; from generation 2 the whole payment fee is
   * rounded at once, and this tells how much of it the fixed fee is, within a cent.
   */
  paymentFixedFeeCents: Cents;
  /** price + tip − VAT − site fee − payment fee: what the author is paid for this item. */
  authorShareCents: Cents;
};

/**
 * The order's VAT for generation 3 (domain/tax/order-vat.ts decides it): the rate carved out of
 * price + tip, and for a reverse charge the buyer's country's rate taken off the prices.
 */
export type OrderVatRates = { rateBasisPoints: number; reverseChargeRateBasisPoints?: number | null };

export type PricedOrder<Key> = {
  /** What the buyer pays: the sum of every price and tip. */
  totalCents: Cents;
  vatCents: Cents;
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
 * cent, half up). The site fee is split over the items by largest remainder in proportion to each
 * item's amount (price + tip). An item's exact share of the payment fee is its part of the rate fee
 * in proportion to its amount plus its part of the fixed per-order fee in proportion to its price
 * (items of 5 and 10 EUR bear 0.10 and 0.20 of 0.30). Generation 2 allocates the order's payment fee
 * by largest remainder over those exact shares; generation 1 rounded the two parts separately
 * (`paymentFeesOfGeneration1`). An item's author share is its amount minus its site fee and its
 * payment fee. Every per-item figure adds up to the order figure to the cent, and
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
  /** Generation 3 only; absent: no VAT. */
  vat?: OrderVatRates;
}): PricedOrder<Key> {
  const { items, policy } = order;
  if (items.length === 0) throw new RangeError('An order needs at least one item.');
  for (const item of items) {
    assertCents(item.priceCents, 'An item price');
    assertCents(item.tipCents, 'A tip', { nonNegative: true });
    const listPrice = item.listPriceCents ?? item.priceCents;
    if (listPrice < MIN_PAID_PRICE_CENTS || item.priceCents > listPrice) {
      throw new RangeError(`An ordered item costs at least ${MIN_PAID_PRICE_CENTS} cents, got ${listPrice}.`);
    }
    if (item.listPriceCents !== undefined && policy.generation !== 3) {
      throw new RangeError(`Fee rules of generation ${policy.generation} know no list prices.`);
    }
  }
  if (policy.generation === 3)
    return priceOrderOfGeneration3({ ...order, vat: order.vat ?? { rateBasisPoints: 0 } });
  if (order.vat && (order.vat.rateBasisPoints !== 0 || order.vat.reverseChargeRateBasisPoints)) {
    throw new RangeError(`Fee rules of generation ${policy.generation} know no VAT.`);
  }
  const amounts = items.map((item) => item.priceCents + item.tipCents);
  const prices = items.map((item) => item.priceCents);
  const totalCents = sumCents(amounts);
  const rule = paymentFeeRule(policy, order.paymentType, order.country);

  const siteFeeCents = percentOf(totalCents, policy.siteRateBasisPoints);
  const paymentRateFeeCents = percentOf(totalCents, rule.rateBasisPoints);
  const siteFees = allocate(siteFeeCents, amounts);
  const fixedFees = allocate(rule.fixedCents, prices);
  const paymentFees =
    policy.generation === 1
      ? paymentFeesOfGeneration1(paymentRateFeeCents, amounts, fixedFees)
      : allocateByBigWeights(
          paymentRateFeeCents + rule.fixedCents,
          exactPaymentFeeWeights(paymentRateFeeCents, rule.fixedCents, amounts, prices),
        );

  const priced = items.map((item, index): PricedLine<Key> => {
    const amount = amounts[index] ?? 0;
    const siteFee = siteFees[index] ?? 0;
    const fixedFee = fixedFees[index] ?? 0;
    const paymentFee = paymentFees[index] ?? 0;
    const authorShareCents = amount - siteFee - paymentFee;
    if (authorShareCents < 0) {
      throw new RangeError(`Fees of ${siteFee + paymentFee} cents exceed an item of ${amount} cents.`);
    }
    return {
      key: item.key,
      priceCents: item.priceCents,
      tipCents: item.tipCents,
      vatCents: 0,
      siteFeeCents: siteFee,
      paymentFeeCents: paymentFee,
      paymentFixedFeeCents: fixedFee,
      authorShareCents,
    };
  });

  return {
    totalCents,
    vatCents: 0,
    siteFeeCents,
    paymentFeeCents: paymentRateFeeCents + rule.fixedCents,
    paymentFixedFeeCents: rule.fixedCents,
    authorShareCents: sumCents(priced.map((item) => item.authorShareCents)),
    feePolicyVersion: policy.version,
    items: priced,
  };
}

function checkVatRate(basisPoints: number | null | undefined, what: string) {
  if (basisPoints === null || basisPoints === undefined) return;
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > MAX_VAT_RATE_BASIS_POINTS) {
    throw new RangeError(`${what} must be whole basis points from 0 to ${MAX_VAT_RATE_BASIS_POINTS}.`);
  }
}

/**
 * Generation 3 (VAT). Per item: a reverse-charge buyer's price is the catalogue price less the VAT
 * it includes at their country's rate (`listPriceCents` keeps the catalogue's); the VAT is carved
 * out of price + tip at the order's rate (half up, per item, so the items' VAT is the order's);
 * net = price + tip − VAT. The site fee is the rate of the order's net, split over the items by
 * their nets; the payment fee is the provider's rate of the order's gross plus its fixed part, split
 * as in generation 2 (rate fee by gross, fixed fee by price). Author share = net − site fee −
 * payment fee, so price + tip = VAT + site fee + payment fee + author share per item and per order.
 */
function priceOrderOfGeneration3<Key>(order: {
  items: readonly OrderLineToPrice<Key>[];
  paymentType: OrderPaymentType;
  country: string | null;
  policy: FeePolicy;
  vat: OrderVatRates;
}): PricedOrder<Key> {
  const { items, policy, vat } = order;
  checkVatRate(vat.rateBasisPoints, 'A VAT rate');
  checkVatRate(vat.reverseChargeRateBasisPoints, 'A reverse-charge VAT rate');
  const reverseRate = vat.reverseChargeRateBasisPoints ?? null;
  if (reverseRate !== null && vat.rateBasisPoints !== 0) {
    throw new RangeError('A reverse-charged order is charged no VAT.');
  }
  const lines = items.map((item) => {
    const listPrice = item.listPriceCents ?? item.priceCents;
    const priceCents =
      reverseRate === null ? item.priceCents : listPrice - includedVat(listPrice, reverseRate);
    const gross = priceCents + item.tipCents;
    const vatCents = includedVat(gross, vat.rateBasisPoints);
    return { item, priceCents, gross, vatCents, net: gross - vatCents };
  });
  const grosses = lines.map((line) => line.gross);
  const nets = lines.map((line) => line.net);
  const prices = lines.map((line) => line.priceCents);
  const totalCents = sumCents(grosses);
  const netCents = sumCents(nets);
  const rule = paymentFeeRule(policy, order.paymentType, order.country);

  const siteFeeCents = percentOf(netCents, policy.siteRateBasisPoints);
  const paymentRateFeeCents = percentOf(totalCents, rule.rateBasisPoints);
  const siteFees = allocate(siteFeeCents, nets);
  const fixedFees = allocate(rule.fixedCents, prices);
  const paymentFees = allocateByBigWeights(
    paymentRateFeeCents + rule.fixedCents,
    exactPaymentFeeWeights(paymentRateFeeCents, rule.fixedCents, grosses, prices),
  );

  const priced = lines.map((line, index): PricedLine<Key> => {
    const siteFee = siteFees[index] ?? 0;
    const paymentFee = paymentFees[index] ?? 0;
    const authorShareCents = line.net - siteFee - paymentFee;
    if (authorShareCents < 0) {
      throw new RangeError(
        `Fees of ${siteFee + paymentFee} cents exceed an item's net of ${line.net} cents.`,
      );
    }
    return {
      key: line.item.key,
      priceCents: line.priceCents,
      tipCents: line.item.tipCents,
      vatCents: line.vatCents,
      ...(line.priceCents !== (line.item.listPriceCents ?? line.item.priceCents)
        ? { listPriceCents: line.item.listPriceCents ?? line.item.priceCents }
        : {}),
      siteFeeCents: siteFee,
      paymentFeeCents: paymentFee,
      paymentFixedFeeCents: fixedFees[index] ?? 0,
      authorShareCents,
    };
  });
  return {
    totalCents,
    vatCents: sumCents(lines.map((line) => line.vatCents)),
    siteFeeCents,
    paymentFeeCents: paymentRateFeeCents + rule.fixedCents,
    paymentFixedFeeCents: rule.fixedCents,
    authorShareCents: sumCents(priced.map((item) => item.authorShareCents)),
    feePolicyVersion: policy.version,
    items: priced,
  };
}

/** Generation 1: the rate fee split by amount and the fixed fee by price, each rounded on its own. */
function paymentFeesOfGeneration1(
  rateFeeCents: Cents,
  amounts: readonly Cents[],
  fixedFees: readonly Cents[],
): Cents[] {
  const rateFees = allocate(rateFeeCents, amounts);
  return rateFees.map((rateFee, index) => rateFee + (fixedFees[index] ?? 0));
}

/**
 * Each item's exact share of the payment fee, rate × amount / total + fixed × price / prices, scaled
 * by total × prices to whole numbers (BigInt: the products pass 2^53 for large orders). The weights
 * add up to the whole fee × total × prices, so `allocateByBigWeights` splits the fee over them as
 * over the exact shares themselves.
 */
export function exactPaymentFeeWeights(
  rateFeeCents: Cents,
  fixedFeeCents: Cents,
  amounts: readonly Cents[],
  prices: readonly Cents[],
): bigint[] {
  const total = BigInt(sumCents(amounts));
  const pricesSum = BigInt(sumCents(prices));
  return amounts.map(
    (amount, index) =>
      BigInt(rateFeeCents) * BigInt(amount) * pricesSum +
      BigInt(fixedFeeCents) * BigInt(prices[index] ?? 0) * total,
  );
}
