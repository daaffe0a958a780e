import { describe, expect, it } from 'vitest';
import { authorPartsOf, previewSplit, splitAuthorShare } from './author-share-split';

describe('splitAuthorShare', () => {
  it('splits 1000 cents 2:1 into 667 and 333 (the larger remainder takes the cent)', () => {
    expect(
      splitAuthorShare(1000, [
        { authorId: 1, weight: 2 },
        { authorId: 2, weight: 1 },
      ]),
    ).toEqual([
      { authorId: 1, weight: 2, cents: 667 },
      { authorId: 2, weight: 1, cents: 333 },
    ]);
  });

  it('breaks an equal remainder by the order given (owner first)', () => {
    // 101 cents even between two: 50.5 each, the owner (listed first) takes the odd cent.
    expect(
      splitAuthorShare(101, [
        { authorId: 9, weight: 1 },
        { authorId: 3, weight: 1 },
      ]).map((p) => p.cents),
    ).toEqual([51, 50]);
    // 10 cents as 1:1:2 → 2.5, 2.5, 5: the leftover cent goes to the first of the ties.
    expect(
      splitAuthorShare(10, [
        { authorId: 1, weight: 1 },
        { authorId: 2, weight: 1 },
        { authorId: 3, weight: 2 },
      ]).map((p) => p.cents),
    ).toEqual([3, 2, 5]);
  });

  it('refuses no author and a weight that is not a positive integer', () => {
    expect(() => splitAuthorShare(100, [])).toThrow(RangeError);
    expect(() => splitAuthorShare(100, [{ authorId: 1, weight: 0 }])).toThrow(RangeError);
    expect(() => splitAuthorShare(100, [{ authorId: 1, weight: 1.5 }])).toThrow(RangeError);
  });
});

describe('authorPartsOf', () => {
  it('reads an item without a split (an old order) as its author’s whole share', () => {
    expect(authorPartsOf({ authorId: 4, authorShareCents: 812 })).toEqual([
      { authorId: 4, weight: 1, cents: 812 },
    ]);
  });
});

describe('previewSplit', () => {
  it('sums what each author would have had from each sale', () => {
    expect(
      previewSplit(
        [{ authorShareCents: 1000 }, { authorShareCents: 101 }],
        [
          { authorId: 1, weight: 1 },
          { authorId: 2, weight: 1 },
        ],
      ),
    ).toEqual([
      { authorId: 1, weight: 1, cents: 551 },
      { authorId: 2, weight: 1, cents: 550 },
    ]);
  });
});
