// The sums behind a payout's two pie charts (the totals row is the server's statement totals).
// Amounts arrive as euros with two decimals; they are added up in whole cents so that no float dust
// shows in a slice.

export interface PayoutFigureItem {
  name: string;
  price: number;
  tip: number;
  /** null for adjustments; 0 for items of orders placed before VAT. */
  vat?: number | null;
  authorReward: number;
  /** A co-authored item: its whole author share, of which authorReward is this author's part. */
  itemAuthorShare?: number | null;
  internalFee: number;
  externalFee: number;
  adjustment: boolean;
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (value: number) => value / 100;

export interface PieSlice {
  id: string;
  label: string;
  value: number;
}

/**
 * "Where the money went": what the buyers paid for the sold items (gross), split into the author's
 * share, the co-authors' parts of co-authored items, the payment gates' fees, the site's share and
 * the VAT the orders carved out (no slice when there is none: orders placed before VAT, items sold
 * alone). Adjustments (refunds taken back) are left out.
 */
export function moneySplit(
  items: readonly PayoutFigureItem[],
  labels: { author: string; coAuthors: string; paymentGates: string; site: string; vat: string },
): PieSlice[] {
  let author = 0;
  let coAuthors = 0;
  let gates = 0;
  let site = 0;
  let vat = 0;
  for (const item of items) {
    if (item.adjustment) continue;
    author += cents(item.authorReward);
    if (item.itemAuthorShare != null) coAuthors += cents(item.itemAuthorShare) - cents(item.authorReward);
    gates += cents(item.externalFee);
    site += cents(item.internalFee);
    vat += cents(item.vat ?? 0);
  }
  return [
    { id: 'author', label: labels.author, value: euros(author) },
    { id: 'co-authors', label: labels.coAuthors, value: euros(coAuthors) },
    { id: 'payment-gates', label: labels.paymentGates, value: euros(gates) },
    { id: 'site', label: labels.site, value: euros(site) },
    { id: 'vat', label: labels.vat, value: euros(vat) },
  ].filter((slice) => slice.value > 0);
}

/**
 * "Most popular items": the author's share by item name (their own part of a co-authored item),
 * the biggest four and the rest as one.
 */
export function popularItems(items: readonly PayoutFigureItem[], othersLabel: string, top = 4): PieSlice[] {
  const byName = new Map<string, number>();
  for (const item of items) {
    if (item.adjustment) continue;
    byName.set(item.name, (byName.get(item.name) ?? 0) + cents(item.authorReward));
  }
  const ranked = [...byName.entries()]
    .filter(([, value]) => value > 0)
    .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB));
  const shown = ranked.slice(0, top);
  const rest = ranked.slice(shown.length).reduce((sum, [, value]) => sum + value, 0);
  const slices = shown.map(([name, value]) => ({ id: `item:${name}`, label: name, value: euros(value) }));
  if (rest > 0) slices.push({ id: 'others', label: othersLabel, value: euros(rest) });
  return slices;
}

/** A slice's part of the whole pie, e.g. "62 %". */
export function sharePercent(value: number, slices: readonly PieSlice[]): string {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  if (total <= 0) return '';
  return new Intl.NumberFormat('cs-CZ', { style: 'percent', maximumFractionDigits: 0 }).format(value / total);
}

/**
 * A payout's sales and refunds as its table lists them: newest first by when the buyer paid (or the
 * refund was booked). The API gives them in the order they joined the payout, which for sales the
 * allocation caught up on later is not their date order.
 */
export function newestFirst<Item extends { occurredAt: string }>(items: readonly Item[]): Item[] {
  return items
    .map((item, index) => ({ item, index, at: Date.parse(item.occurredAt) }))
    .sort((a, b) => b.at - a.at || b.index - a.index)
    .map(({ item }) => item);
}
