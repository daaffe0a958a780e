/**
 * Money inside the system is integer euro cents (decisions.md, Money); the API carries euros with two
 * decimals. Every function here is exact: no amount ever passes through a binary fraction that is
 * then rounded twice.
 */

/** An amount in euro cents: a safe integer. */
export type Cents = number;

export const CENTS_PER_EURO = 100;
/** Rates are integer basis points: 1 % = 100 bp, so 3.49 % = 349 bp. */
export const BASIS_POINTS_PER_UNIT = 10_000;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Throws a RangeError (a programming error, not a user's) unless `value` is whole cents, ≥ 0 when asked. */
export function assertCents(value: number, what: string, options: { nonNegative?: boolean } = {}): void {
  if (!isCents(value)) throw new RangeError(`${what} must be whole cents, got ${value}.`);
  if (options.nonNegative && value < 0) throw new RangeError(`${what} must not be negative, got ${value}.`);
}

export function sumCents(values: readonly Cents[]): Cents {
  let sum = 0;
  for (const value of values) sum += value;
  return sum;
}

/** `numerator / denominator` rounded half up (away from zero for the positive amounts money uses). */
function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return 2n * remainder >= denominator ? quotient + 1n : quotient;
}

/**
 * A rate of an amount, rounded to the cent, half up: 1.5 % (150 bp) of 1500 cents is 22.5, so 23.
 * `cents` ≥ 0 and `basisPoints` ≥ 0, both integers.
 */
export function percentOf(cents: Cents, basisPoints: number): Cents {
  assertCents(cents, 'Amount', { nonNegative: true });
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`A rate must be whole, non-negative basis points, got ${basisPoints}.`);
  }
  return Number(divideRoundHalfUp(BigInt(cents) * BigInt(basisPoints), BigInt(BASIS_POINTS_PER_UNIT)));
}

/**
 * The VAT an amount that includes it holds at a rate: amount × rate / (1 + rate), rounded to the
 * cent, half up. 350 cents at 19 % (1900 bp) hold 55.88, so 56.
 */
export function includedVat(cents: Cents, rateBasisPoints: number): Cents {
  assertCents(cents, 'Amount', { nonNegative: true });
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`A rate must be whole, non-negative basis points, got ${rateBasisPoints}.`);
  }
  return Number(
    divideRoundHalfUp(
      BigInt(cents) * BigInt(rateBasisPoints),
      BigInt(BASIS_POINTS_PER_UNIT + rateBasisPoints),
    ),
  );
}

/** 3.49 (percent, as configuration states it) → 349 basis points; refuses finer rates than 0.01 %. */
export function basisPointsOfPercent(percent: number): number {
  const basisPoints = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(basisPoints - percent * 100) > 1e-6) {
    throw new RangeError(`A rate must have at most two decimals of a percent, got ${percent}.`);
  }
  return basisPoints;
}

/** 349 basis points → "3.49" (percent, shortest form: 200 → "2", 150 → "1.5"). */
export function formatBasisPoints(basisPoints: number): string {
  return String(basisPoints / 100);
}

/**
 * Splits `totalCents` over shares in proportion to `weights` by the largest-remainder rule:
 * everyone gets the floor of their exact share, and the cents left over go one each to the largest
 * remainders; equal remainders go to the earlier position. So:
 * - the shares always add up to `totalCents` exactly;
 * - each share is the floor or the ceiling of its exact proportional share (within a cent);
 * - no share is negative, a zero weight gets nothing, and a larger weight never gets less;
 * - the same input always gives the same output.
 *
 * `totalCents` ≥ 0 and the weights (≥ 0) are integers (typically cents themselves). If every weight
 * is zero only a zero total can be split. Arithmetic is in BigInt, so no product ever loses a cent.
 */
export function allocate(totalCents: Cents, weights: readonly number[]): Cents[] {
  weights.forEach((weight, index) => assertCents(weight, `Weight ${index}`, { nonNegative: true }));
  return allocateByBigWeights(totalCents, weights.map(BigInt));
}

/**
 * `allocate` with weights as BigInt, for weights that are products too large for a safe integer
 * (an item's exact share of a fee made of two parts split by different measures).
 */
export function allocateByBigWeights(totalCents: Cents, weights: readonly bigint[]): Cents[] {
  assertCents(totalCents, 'The amount to split', { nonNegative: true });
  weights.forEach((weight, index) => {
    if (weight < 0n) throw new RangeError(`Weight ${index} must not be negative, got ${weight}.`);
  });
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  if (weightSum === 0n) {
    if (totalCents === 0) return weights.map(() => 0);
    throw new RangeError(`Cannot split ${totalCents} cents over no weight.`);
  }
  const total = BigInt(totalCents);
  const exact = weights.map((weight, index) => {
    const product = total * weight;
    return { index, floor: product / weightSum, remainder: product % weightSum };
  });
  const shares = exact.map((share) => share.floor);
  let leftover = total - shares.reduce((sum, share) => sum + share, 0n);
  const byRemainder = [...exact].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    shares[share.index] = share.floor + 1n;
    leftover -= 1n;
  }
  return shares.map(Number);
}

/** Cents → euros as the API's Float carries them: 1234 → 12.34. */
export function centsToEuros(cents: Cents): number {
  assertCents(cents, 'Amount');
  return cents / CENTS_PER_EURO;
}

const EUROS_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Euros → cents: 12.34 or "12.34" → 1234. A number must be a whole number of cents (within the
 * binary fraction's error, 12.345 is refused); text is parsed exactly ("12", "12.3", "12.30").
 */
export function eurosToCents(euros: number | string): Cents {
  if (typeof euros === 'string') {
    const match = EUROS_TEXT.exec(euros.trim());
    if (!match) throw new RangeError(`Not an amount in euros: "${euros}".`);
    const [, sign, whole = '0', fraction = ''] = match;
    const cents = Number(whole) * CENTS_PER_EURO + Number(fraction.padEnd(2, '0'));
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: "${euros}".`);
    return sign ? -cents : cents;
  }
  const cents = Math.round(euros * CENTS_PER_EURO);
  if (!Number.isSafeInteger(cents) || Math.abs(cents - euros * CENTS_PER_EURO) > 1e-6) {
    throw new RangeError(`An amount in euros must have at most two decimals, got ${euros}.`);
  }
  return cents === 0 ? 0 : cents;
}

/** Cents → euros as text with exactly two decimals, no grouping: 1234 → "12.34", -5 → "-0.05". */
export function formatEuros(cents: Cents): string {
  assertCents(cents, 'Amount');
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / CENTS_PER_EURO);
  const fraction = String(magnitude % CENTS_PER_EURO).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}.${fraction}`;
}

// Intl's cs-CZ currency style: "34,99 €", "1 234,50 €" (the spaces are no-break spaces). Made on
// first use: building a formatter loads locale data, which a page that shows no price never needs.
let moneyFormat: Intl.NumberFormat | undefined;

/**
 * Cents → the amount as people read it everywhere (the site, mails, the local checkout page):
 * 3499 → "34,99 €" in the Czech locale. The one money formatter for people; `formatEuros` is for
 * machines (files, statements' CSV).
 */
export function formatMoney(cents: Cents): string {
  assertCents(cents, 'Amount');
  // -0 would print as "-0,00 €".
  moneyFormat ??= new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'EUR' });
  return moneyFormat.format(cents === 0 ? 0 : cents / CENTS_PER_EURO);
}

/**
 * Whole euros as `formatMoney` writes them ("50,00 €", "100 000,00 €"), without building the Intl
 * formatter: for the limits in messages made when a module loads (a page showing no price should
 * not load locale data for them). `money.unit.spec.ts` holds it equal to `formatMoney`.
 */
export function formatWholeEuros(euros: number): string {
  if (!Number.isSafeInteger(euros) || euros < 0) throw new RangeError(`Whole euros expected, got ${euros}.`);
  const grouped = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${grouped},00\u00a0€`;
}
