import { describe, expect, it } from 'vitest';
import { formatIban, maskIban } from './destination';
import { moneySplit, newestFirst, popularItems, sharePercent } from './payout-figures';
import type { PayoutFigureItem } from './payout-figures';

const labels = {
  author: 'Author',
  coAuthors: 'Co-authors',
  paymentGates: 'Payment gates',
  site: 'Site',
  vat: 'VAT',
};

function sale(name: string, price: number, authorReward: number, externalFee: number, internalFee: number) {
  return { name, price, tip: 0, authorReward, externalFee, internalFee, adjustment: false };
}

const refund: PayoutFigureItem = {
  name: 'Neon Runner',
  price: -7.1,
  tip: 0,
  authorReward: -7.1,
  externalFee: 0,
  internalFee: 0,
  adjustment: true,
};

describe('newestFirst', () => {
  it('lists a 24. 11. sale above a 24. 10. one, whatever order they joined the payout in', () => {
    const items = [
      { name: 'October', occurredAt: '2026-10-24T10:00:00.000Z' },
      { name: 'November', occurredAt: '2026-11-24T09:00:00.000Z' },
      { name: 'September', occurredAt: '2026-09-02T12:00:00.000Z' },
    ];
    expect(newestFirst(items).map((item) => item.name)).toEqual(['November', 'October', 'September']);
    // Same moment: the one added later first; the input is left as it was.
    const tied = [
      { name: 'first', occurredAt: '2026-11-24T09:00:00.000Z' },
      { name: 'second', occurredAt: '2026-11-24T09:00:00.000Z' },
    ];
    expect(newestFirst(tied).map((item) => item.name)).toEqual(['second', 'first']);
    expect(tied[0]!.name).toBe('first');
  });
});

describe('moneySplit', () => {
  it('splits the sold items into author, payment gates and site, without refunds', () => {
    expect(moneySplit([sale('A', 10, 7.1, 0.4, 2.5), refund], labels)).toEqual([
      { id: 'author', label: 'Author', value: 7.1 },
      { id: 'payment-gates', label: 'Payment gates', value: 0.4 },
      { id: 'site', label: 'Site', value: 2.5 },
    ]);
  });

  it("adds the co-authors' parts of a co-authored item, so the pie is still what buyers paid", () => {
    // 10,00 € at 21 % VAT: 1,74 VAT, 0,44 gates, 0,20 site, 7,62 authors' share; this author's part 2,54.
    const coAuthored = { ...sale('C', 10, 2.54, 0.44, 0.2), vat: 1.74, itemAuthorShare: 7.62 };
    const slices = moneySplit(
      [coAuthored, { ...sale('A', 10, 7.1, 0.4, 2.5), itemAuthorShare: null }],
      labels,
    );
    expect(slices).toEqual([
      { id: 'author', label: 'Author', value: 9.64 },
      { id: 'co-authors', label: 'Co-authors', value: 5.08 },
      { id: 'payment-gates', label: 'Payment gates', value: 0.84 },
      { id: 'site', label: 'Site', value: 2.7 },
      { id: 'vat', label: 'VAT', value: 1.74 },
    ]);
    expect(slices.reduce((sum, slice) => sum + Math.round(slice.value * 100), 0)).toBe(2000);
  });

  it('leaves out empty slices', () => {
    expect(moneySplit([refund], labels)).toEqual([]);
  });

  it('adds a VAT slice for items of orders placed with VAT, so the pie is what buyers paid', () => {
    // 3,50 € + 0,50 € tip with 0,64 € German VAT: 0,64 + 0,34 + 0,14 + 2,88 = 4,00.
    const withVat = { ...sale('B', 3.5, 2.88, 0.14, 0.34), tip: 0.5, vat: 0.64 };
    const slices = moneySplit([withVat, { ...sale('A', 10, 7.1, 0.4, 2.5), vat: 0 }, refund], labels);
    expect(slices).toEqual([
      { id: 'author', label: 'Author', value: 9.98 },
      { id: 'payment-gates', label: 'Payment gates', value: 0.54 },
      { id: 'site', label: 'Site', value: 2.84 },
      { id: 'vat', label: 'VAT', value: 0.64 },
    ]);
    expect(Math.round(slices.reduce((sum, slice) => sum + slice.value, 0) * 100)).toBe(1400);
  });
});

describe('popularItems', () => {
  it('adds up the author share by name, biggest first, the rest as Others', () => {
    const items = [
      sale('A', 10, 1, 0, 0),
      sale('B', 10, 5, 0, 0),
      sale('C', 10, 3, 0, 0),
      sale('A', 10, 1.5, 0, 0),
      sale('D', 10, 4, 0, 0),
      sale('E', 10, 0.5, 0, 0),
      sale('F', 10, 0.25, 0, 0),
      refund,
    ];
    expect(popularItems(items, 'Others')).toEqual([
      { id: 'item:B', label: 'B', value: 5 },
      { id: 'item:D', label: 'D', value: 4 },
      { id: 'item:C', label: 'C', value: 3 },
      { id: 'item:A', label: 'A', value: 2.5 },
      { id: 'others', label: 'Others', value: 0.75 },
    ]);
  });

  it('has no Others slice for four items or fewer', () => {
    expect(popularItems([sale('A', 10, 1, 0, 0)], 'Others')).toEqual([
      { id: 'item:A', label: 'A', value: 1 },
    ]);
  });
});

describe('sharePercent', () => {
  it('gives a slice’s part of the pie', () => {
    const slices = [
      { id: 'a', label: 'a', value: 3 },
      { id: 'b', label: 'b', value: 1 },
    ];
    expect(sharePercent(3, slices).replace(/\s/g, ' ')).toBe('75 %');
    expect(sharePercent(1, [])).toBe('');
  });
});

describe('IBANs', () => {
  it('groups an IBAN by four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('masks all but the country, check digits and last four', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE89 •••• 3000');
  });

  it('leaves an already masked value alone', () => {
    expect(maskIban('DE89 •••• 3000')).toBe('DE89 •••• 3000');
    expect(formatIban('DE89 •••• 3000')).toBe('DE89 •••• 3000');
  });
});
