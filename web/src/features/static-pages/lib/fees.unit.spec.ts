import { describe, expect, it } from 'vitest';
import { orderPaymentFee, splitOrder, splitProportionally } from './fees';

describe('fee examples on the author payouts page', () => {
  it('splits the fixed card fee in proportion to the item prices (5 € and 10 € bear 0,10 € and 0,20 €)', () => {
    expect(splitProportionally(30, [500, 1000])).toEqual([10, 20]);
  });

  it('keeps the parts adding up to the whole', () => {
    const parts = splitProportionally(35, [333, 333, 334]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(35);
  });

  it('computes the card example for a buyer in the EEA', () => {
    expect(splitOrder([1000, 2000], 'card', true)).toEqual([
      { price: 1000, siteFee: 20, paymentFee: 25, authorShare: 955 },
      { price: 2000, siteFee: 40, paymentFee: 50, authorShare: 1910 },
    ]);
  });

  it('computes the card example for a buyer outside the EEA', () => {
    expect(splitOrder([2000], 'card', false)).toEqual([
      { price: 2000, siteFee: 40, paymentFee: 95, authorShare: 1865 },
    ]);
  });

  it('computes the PayPal example', () => {
    expect(orderPaymentFee(1000, 'paypal', true)).toBe(70);
    expect(splitOrder([1000], 'paypal', true)[0]?.authorShare).toBe(910);
  });
});
