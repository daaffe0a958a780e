import { checkoutMessages, chosenPriceEuros, tipEuros } from '../../../../../domain/orders/checkout.schemas';
import { CENTS_PER_EURO, formatMoney } from '../../../../../domain/money';

/*
 * What a buyer chooses per cart line: a tip for the author (any paid item, 0-100 EUR) and, for a
 * pay-what-you-want item, the price to pay (at least the author's price). The same zod rules as the
 * API check the fields here; the server checks them again against the catalogue.
 */

export type LineKind = 'skin' | 'bundle';
/** A field as the number input holds it: a number, or '' while empty. */
export type AmountField = number | string;
export type LineChoice = { tip: AmountField; price: AmountField };
export type ChoiceLine = {
  kind: LineKind;
  id: number;
  title: string;
  /** The catalogue price in euros: the price, or the minimum for pay what you want. */
  price: number;
  payWhatYouWant: boolean;
};

export const lineKey = (line: { kind: LineKind; id: number }) => `${line.kind}:${line.id}`;
const itemType = (kind: LineKind) => (kind === 'skin' ? 'SKIN' : 'BUNDLE');
const isEmpty = (value: AmountField) => value === '' || value === null || value === undefined;
const centsOf = (euros: number) => Math.round(euros * CENTS_PER_EURO);

export type CheckedLine = {
  /** What the line costs with the buyer's choices, in cents. */
  priceCents: number;
  tipCents: number;
  tipError: string | null;
  priceError: string | null;
};

/** One line's choices, checked like the API checks them. */
export function checkLine(line: ChoiceLine, choice: LineChoice | undefined): CheckedLine {
  const minimumCents = centsOf(line.price);
  let tipCents = 0;
  let tipError: string | null = null;
  if (choice && !isEmpty(choice.tip)) {
    const parsed = tipEuros.safeParse(Number(choice.tip));
    if (parsed.success) tipCents = parsed.data;
    else tipError = checkoutMessages.tipRange;
  }
  let priceCents = minimumCents;
  let priceError: string | null = null;
  if (line.payWhatYouWant && choice && !isEmpty(choice.price)) {
    const parsed = chosenPriceEuros.safeParse(Number(choice.price));
    if (!parsed.success) priceError = checkoutMessages.chosenPrice;
    else if (parsed.data < minimumCents)
      priceError = checkoutMessages.chosenPriceRange(line.title, formatMoney(minimumCents));
    else priceCents = parsed.data;
  }
  return { priceCents, tipCents, tipError, priceError };
}

/**
 * The cart with the buyer's choices: the total to pay, whether every field is valid, and the `tips`
 * and `prices` of the checkout request (euros, only what differs from the defaults).
 */
export function cartWithChoices(lines: readonly ChoiceLine[], choices: Readonly<Record<string, LineChoice>>) {
  let totalCents = 0;
  let tipsCents = 0;
  let valid = true;
  const tips: { itemType: 'SKIN' | 'BUNDLE'; itemId: number; tip: number }[] = [];
  const prices: { itemType: 'SKIN' | 'BUNDLE'; itemId: number; price: number }[] = [];
  const checked = new Map<string, CheckedLine>();
  for (const line of lines) {
    const result = checkLine(line, choices[lineKey(line)]);
    checked.set(lineKey(line), result);
    if (result.tipError || result.priceError) valid = false;
    totalCents += result.priceCents + result.tipCents;
    tipsCents += result.tipCents;
    if (result.tipCents > 0)
      tips.push({ itemType: itemType(line.kind), itemId: line.id, tip: result.tipCents / CENTS_PER_EURO });
    if (line.payWhatYouWant && result.priceCents !== centsOf(line.price))
      prices.push({
        itemType: itemType(line.kind),
        itemId: line.id,
        price: result.priceCents / CENTS_PER_EURO,
      });
  }
  // The subtotal is what the items cost; tips come on top of it.
  return {
    totalCents,
    subtotalCents: totalCents - tipsCents,
    tipsCents,
    valid,
    checked,
    request: { tips, prices },
  };
}
