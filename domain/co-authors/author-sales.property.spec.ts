import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorSalesOf, type SoldItemAmounts } from './author-sales';
import { splitAuthorShare } from './author-share-split';

/** A sold item: alone, or split among 2-5 authors by the real split. */
const soldItem: fc.Arbitrary<SoldItemAmounts> = fc
  .record({
    owner: fc.integer({ min: 1, max: 6 }),
    salesCents: fc.integer({ min: 0, max: 100_000 }),
    vatCents: fc.integer({ min: 0, max: 20_000 }),
    authorShareCents: fc.integer({ min: 0, max: 80_000 }),
    coAuthors: fc.uniqueArray(
      fc.record({ authorId: fc.integer({ min: 1, max: 6 }), weight: fc.integer({ min: 1, max: 100 }) }),
      {
        maxLength: 4,
        selector: (a) => a.authorId,
      },
    ),
    ownerWeight: fc.integer({ min: 1, max: 100 }),
  })
  .map(({ owner, coAuthors, ownerWeight, ...amounts }) => {
    const others = coAuthors.filter((a) => a.authorId !== owner);
    if (others.length === 0) return { authorId: owner, ...amounts };
    const authors = [{ authorId: owner, weight: ownerWeight }, ...others];
    return { authorId: owner, ...amounts, authorShares: splitAuthorShare(amounts.authorShareCents, authors) };
  });

describe("each author's line of sold items", () => {
  it('adds the parts up to the items’ author shares, no cent lost or made', () => {
    fc.assert(
      fc.property(fc.array(soldItem, { maxLength: 12 }), (items) => {
        const lines = [...authorSalesOf(items).values()];
        const shares = items.reduce((sum, item) => sum + item.authorShareCents, 0);
        expect(lines.reduce((sum, line) => sum + line.partCents, 0)).toBe(shares);
      }),
    );
  });

  it('gives every author of an item its whole amounts and a part no larger than its share', () => {
    fc.assert(
      fc.property(fc.array(soldItem, { maxLength: 12 }), (items) => {
        const lines = authorSalesOf(items);
        for (const [authorId, line] of lines) {
          const theirs = items.filter((item) =>
            (item.authorShares ?? [{ authorId: item.authorId }]).some((part) => part.authorId === authorId),
          );
          expect(line.count).toBe(theirs.length);
          expect(line.salesCents).toBe(theirs.reduce((sum, item) => sum + item.salesCents, 0));
          expect(line.itemShareCents).toBe(theirs.reduce((sum, item) => sum + item.authorShareCents, 0));
          expect(line.partCents).toBeLessThanOrEqual(line.itemShareCents);
        }
      }),
    );
  });

  it('keeps an item sold alone whole for its author', () => {
    const lines = authorSalesOf([{ authorId: 7, salesCents: 1000, vatCents: 174, authorShareCents: 762 }]);
    expect([...lines]).toEqual([
      [7, { count: 1, salesCents: 1000, vatCents: 174, itemShareCents: 762, partCents: 762 }],
    ]);
  });

  it('splits a co-authored item between its authors as the order recorded', () => {
    const lines = authorSalesOf([
      {
        authorId: 7,
        salesCents: 1000,
        vatCents: 174,
        authorShareCents: 762,
        authorShares: [
          { authorId: 7, weight: 2, cents: 508 },
          { authorId: 9, weight: 1, cents: 254 },
        ],
      },
    ]);
    expect(lines.get(7)).toMatchObject({ count: 1, itemShareCents: 762, partCents: 508 });
    expect(lines.get(9)).toMatchObject({ count: 1, salesCents: 1000, itemShareCents: 762, partCents: 254 });
  });
});
