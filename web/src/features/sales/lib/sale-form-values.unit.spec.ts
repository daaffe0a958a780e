import { describe, expect, it } from 'vitest';
import { saleInputSchema } from '../../../../../domain/sales/sale.schemas';
import { localInput, saleInputOf, valuesOfSale, type SaleToChange } from './sale-form-values';

// The sale form opens a sale as it is and sends what the author changed: a time left as it was goes
// back to the millisecond (a running sale's start cannot move; the field only shows minutes).

const sale: SaleToChange = {
  name: 'Flash sale',
  kind: 'PERCENT',
  percentOff: 20,
  salePrice: null,
  startsAt: '2026-12-01T10:00:37.250Z',
  endsAt: '2026-12-03T10:00:00.000Z',
  items: [
    { itemType: 'SKIN', itemId: '7' },
    { itemType: 'BUNDLE', itemId: '3' },
    { itemType: 'SKIN', itemId: '9' },
  ],
};
const send = (values: ReturnType<typeof valuesOfSale>) =>
  saleInputOf(values, saleInputSchema.parse(values), sale);

describe('the sale form values', () => {
  it('open a sale with its items by type and its times in the fields', () => {
    const values = valuesOfSale(sale);
    expect(values.skinIds).toEqual(['7', '9']);
    expect(values.bundleIds).toEqual(['3']);
    expect(values.startsAt).toBe(localInput(new Date(sale.startsAt)));
    expect(values.startsAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(values.salePrice).toBeNull();
  });

  it('send an untouched time exactly as the sale has it, and a changed one as an instant', () => {
    const values = valuesOfSale(sale);
    expect(send(values).startsAt).toBe(sale.startsAt);
    const later = localInput(new Date(Date.parse(sale.endsAt) + 3600_000));
    const changed = send({ ...values, endsAt: later });
    expect(changed.startsAt).toBe(sale.startsAt);
    expect(changed.endsAt).toBe('2026-12-03T11:00:00.000Z');
  });

  it('send only the reduction of the chosen kind, and the trimmed name', () => {
    const values = { ...valuesOfSale(sale), name: '  Deep sale ', kind: 'PRICE' as const, salePrice: 2.5 };
    const input = send(values);
    expect(input).toMatchObject({ name: 'Deep sale', kind: 'PRICE', percentOff: null, salePrice: 2.5 });
    expect(send(valuesOfSale(sale))).toMatchObject({ kind: 'PERCENT', percentOff: 20, salePrice: null });
  });
});
