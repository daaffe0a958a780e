import { describe, expect, it } from 'vitest';
import { percentOffReference, saleReductionCents, salePriceCents } from './sale-price';

describe('sale price', () => {
  it('takes the percentage off, rounded to the cent', () => {
    expect(salePriceCents(999, { kind: 'PERCENT', percentOff: 25 })).toBe(749);
    expect(saleReductionCents(999, { kind: 'PERCENT', percentOff: 25 })).toBe(250);
  });
  it('never goes under 2 EUR nor raises a price', () => {
    expect(salePriceCents(300, { kind: 'PERCENT', percentOff: 90 })).toBe(200);
    expect(salePriceCents(400, { kind: 'PRICE', salePriceCents: 450 })).toBe(400);
    expect(salePriceCents(400, { kind: 'PRICE', salePriceCents: 299 })).toBe(299);
  });
  it('states the reduction against the reference, rounded down, never negative', () => {
    expect(percentOffReference(300, 400)).toBe(25);
    expect(percentOffReference(301, 400)).toBe(24);
    expect(percentOffReference(450, 400)).toBe(0);
  });
});
