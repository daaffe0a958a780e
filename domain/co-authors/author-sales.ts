import type { Cents } from '../money';
import type { AuthorSharePart } from '../orders/order.events';
import { authorPartsOf } from './author-share-split';

/** What the sales statistics keep of a sold item: its amounts and, when co-authored, its split. */
export type SoldItemAmounts = {
  authorId: number;
  /** price + tip: what the buyer paid for the item, VAT included. */
  salesCents: Cents;
  vatCents: Cents;
  /** The item's whole author share, before any split. */
  authorShareCents: Cents;
  authorShares?: readonly AuthorSharePart[];
};

/** One author's line of some sold items: the items they have a part in, before and after the split. */
export type AuthorSalesLine = {
  /** Items the author has a part in. */
  count: number;
  /** Those items' price + tip (VAT included), whole: a co-authored item counts for each of its authors. */
  salesCents: Cents;
  vatCents: Cents;
  /** Those items' whole author shares, before the split. */
  itemShareCents: Cents;
  /** The author's own parts of those shares, after the split (the whole share for an item sold alone). */
  partCents: Cents;
};

/**
 * Each author's line of some sold items, by author id in the order first met: every author with a
 * part of an item (its recorded split, or its `authorId` alone for an item sold alone or sold before
 * co-authors) gets the item's whole amounts and their own part. The parts of all lines add up to
 * the items' author shares; amounts other than the parts count a co-authored item once per author,
 * so the site's sums are never made by adding authors' lines.
 */
export function authorSalesOf(items: readonly SoldItemAmounts[]): Map<number, AuthorSalesLine> {
  const lines = new Map<number, AuthorSalesLine>();
  for (const item of items) {
    for (const part of authorPartsOf(item)) {
      const line = lines.get(part.authorId) ?? {
        count: 0,
        salesCents: 0,
        vatCents: 0,
        itemShareCents: 0,
        partCents: 0,
      };
      line.count += 1;
      line.salesCents += item.salesCents;
      line.vatCents += item.vatCents;
      line.itemShareCents += item.authorShareCents;
      line.partCents += part.cents;
      lines.set(part.authorId, line);
    }
  }
  return lines;
}
