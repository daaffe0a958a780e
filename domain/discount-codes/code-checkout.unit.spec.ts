import { describe, expect, it } from 'vitest';
import { codeReductionsForCart, type CartItemForCode } from './code-checkout';
import type { CodeTerms } from './discount-code.decider';

const terms = (overrides: Partial<CodeTerms> = {}): CodeTerms => ({
  code: 'SPRING',
  authorId: 7,
  reduction: { kind: 'PERCENT', percent: 20 },
  items: { kind: 'ALL' },
  maxUses: null,
  expiresAt: null,
  earlierBuyersOf: null,
  active: true,
  uses: 0,
  ...overrides,
});
const skin = (
  itemId: number,
  priceCents: number,
  overrides: Partial<CartItemForCode> = {},
): CartItemForCode => ({
  itemType: 'SKIN',
  itemId,
  authorId: 7,
  priceCents,
  ...overrides,
});
const at = new Date('2026-11-20T10:00:00.000Z');
const apply = (t: CodeTerms | null, items: CartItemForCode[], boughtEarlier: boolean | null = false) =>
  codeReductionsForCart({ code: 'SPRING', terms: t, items, boughtEarlier, at });

describe('codeReductionsForCart', () => {
  it("takes the code off its author's items only, after a sale", () => {
    const sale = { source: 'SALE' as const, id: 's1', label: 'Autumn sale', cents: 100 };
    const reductions = apply(terms(), [skin(1, 600, { reductions: [sale] }), skin(2, 1000, { authorId: 8 })]);
    expect([...reductions.entries()]).toEqual([
      ['SKIN:1', { source: 'CODE', id: 'SPRING', label: 'SPRING', cents: 100 }],
    ]);
  });

  it('a listed code covers only its items; pay-what-you-want items take no code', () => {
    const listed = terms({ items: { kind: 'ITEMS', items: [{ itemType: 'SKIN', itemId: 2 }] } });
    expect([...apply(listed, [skin(1, 500), skin(2, 500)]).keys()]).toEqual(['SKIN:2']);
    expect(() => apply(terms(), [skin(1, 500, { payWhatYouWant: true })])).toThrow(
      'The code SPRING is not for the items in your cart.',
    );
  });

  it('refuses clearly: unknown, expired, used up', () => {
    expect(() => apply(null, [skin(1, 500)])).toThrow('There is no code SPRING. Check how it is spelt.');
    expect(() => apply(terms({ expiresAt: '2026-11-19T00:00:00.000Z' }), [skin(1, 500)])).toThrow(
      'The code SPRING expired on 19. 11. 2026.',
    );
    expect(() => apply(terms({ maxUses: 3, uses: 3 }), [skin(1, 500)])).toThrow(
      'The code SPRING has been used up.',
    );
  });

  it('a code for earlier buyers asks for the purchase, and a guest to sign in', () => {
    const loyal = terms({
      earlierBuyersOf: {
        item: { itemType: 'SKIN', itemId: 9, name: 'Neon Rider' },
        before: '2026-10-01T00:00:00.000Z',
      },
    });
    expect(() => apply(loyal, [skin(1, 500)], false)).toThrow(
      'The code SPRING is only for players who bought Neon Rider before 01. 10. 2026.',
    );
    expect(() => apply(loyal, [skin(1, 500)], null)).toThrow(/sign in with that account/);
    expect(apply(loyal, [skin(1, 500)], true).get('SKIN:1')?.cents).toBe(100);
  });

  it('at the floor: capped to the minimum price, and refused when nothing is left to take off', () => {
    expect(
      apply(terms({ reduction: { kind: 'PERCENT', percent: 90 } }), [skin(1, 500)]).get('SKIN:1')?.cents,
    ).toBe(300);
    expect(() => apply(terms(), [skin(1, 200)])).toThrow(/already cost the lowest price/);
  });
});
