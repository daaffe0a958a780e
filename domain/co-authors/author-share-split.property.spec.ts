import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewSplit, splitAuthorShare } from './author-share-split';

const authors = fc
  .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) => fc.record({ authorId: fc.constant(id), weight: fc.integer({ min: 1, max: 1000 }) })),
    ),
  );
const share = fc.integer({ min: -1_000_000, max: 10_000_000 });

describe('splitting an author share by largest remainder', () => {
  it('loses and creates no cent, whatever the weights', () => {
    fc.assert(
      fc.property(share, authors, (cents, list) => {
        const parts = splitAuthorShare(cents, list);
        expect(parts.reduce((sum, p) => sum + p.cents, 0)).toBe(cents);
        expect(parts.map((p) => p.authorId)).toEqual(list.map((a) => a.authorId));
        expect(parts.map((p) => p.weight)).toEqual(list.map((a) => a.weight));
      }),
    );
  });

  it('gives each author the floor or the ceiling of their exact part', () => {
    fc.assert(
      fc.property(share, authors, (cents, list) => {
        const total = list.reduce((s, a) => s + a.weight, 0);
        splitAuthorShare(cents, list).forEach((part, index) => {
          const exact = (cents * (list[index]?.weight ?? 0)) / total;
          expect(part.cents).toBeGreaterThanOrEqual(Math.floor(exact));
          expect(part.cents).toBeLessThanOrEqual(Math.ceil(exact));
        });
      }),
    );
  });

  it('is deterministic and a larger weight never gets a smaller part', () => {
    fc.assert(
      fc.property(share, authors, (cents, list) => {
        const parts = splitAuthorShare(cents, list);
        expect(splitAuthorShare(cents, list)).toEqual(parts);
        for (const a of parts)
          for (const b of parts)
            if (a.weight > b.weight) expect(Math.abs(a.cents)).toBeGreaterThanOrEqual(Math.abs(b.cents));
      }),
    );
  });

  it('a basket of sales: every item split on its own still adds up to the basket of shares', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60_000 }), { maxLength: 30 }),
        authors,
        (shares, list) => {
          const preview = previewSplit(
            shares.map((authorShareCents) => ({ authorShareCents })),
            list,
          );
          expect(preview.reduce((s, line) => s + line.cents, 0)).toBe(shares.reduce((s, c) => s + c, 0));
        },
      ),
    );
  });
});
