import { allocate, type Cents } from '../money';
import type { AuthorSharePart } from '../orders/order.events';

export type AuthorWeight = { authorId: number; weight: number };

/**
 * Splits an item's author share among its authors by weight, by the largest remainder method
 * (`allocate`, domain/money.ts): each author gets the whole cents of `share × weight / Σ weights`,
 * and the cents left over (fewer than the number of authors) go one each to the largest remainders;
 * equal remainders go to the author listed first (the owner is listed first), so the same inputs
 * always give the same parts. The parts add up to the share exactly; a negative share (never
 * priced today) is split as its opposite, negated. Parts come in the order the authors were given.
 */
export function splitAuthorShare(shareCents: Cents, authors: readonly AuthorWeight[]): AuthorSharePart[] {
  if (authors.length === 0) throw new RangeError('An author share is split among at least one author.');
  for (const { weight } of authors) {
    if (!Number.isSafeInteger(weight) || weight <= 0)
      throw new RangeError(`A weight is a positive integer, got ${weight}.`);
  }
  const sign = shareCents < 0 ? -1 : 1;
  const parts = allocate(
    Math.abs(shareCents),
    authors.map((author) => author.weight),
  );
  return authors.map((author, index) => ({
    authorId: author.authorId,
    weight: author.weight,
    // `+ 0` turns a negated 0 into 0.
    cents: sign * (parts[index] ?? 0) + 0,
  }));
}

/**
 * The parts of an ordered item's author share: its recorded split, or the whole share its author's
 * (an item sold alone, or an order placed before co-authors).
 */
export function authorPartsOf(item: {
  authorId: number;
  authorShareCents: Cents;
  authorShares?: readonly AuthorSharePart[];
}): readonly AuthorSharePart[] {
  return item.authorShares ?? [{ authorId: item.authorId, weight: 1, cents: item.authorShareCents }];
}

/** What one author would have been paid in all over some sales, under given weights. */
export type SplitPreviewLine = AuthorWeight & { cents: Cents };

/**
 * A preview of new weights: the sales' author shares (e.g. the last 30 days') split as if the
 * weights had applied, summed per author, in the order the authors were given.
 */
export function previewSplit(
  sales: readonly { authorShareCents: Cents }[],
  authors: readonly AuthorWeight[],
): SplitPreviewLine[] {
  const totals = authors.map((author) => ({ ...author, cents: 0 }));
  for (const sale of sales) {
    splitAuthorShare(sale.authorShareCents, authors).forEach((part, index) => {
      const line = totals[index];
      if (line) line.cents += part.cents;
    });
  }
  return totals;
}
