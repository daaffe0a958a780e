import type { ParsedSaleInput, SaleInput } from '../../../../../domain/sales/sale.schemas';

/** The sale form's values: the API's input, with the item pickers' ids as strings. */
export type SaleFormValues = Omit<SaleInput, 'skinIds' | 'bundleIds'> & {
  skinIds: string[];
  bundleIds: string[];
};

/** A sale as the form opens it for a change (the fields of `AuthorSale` it needs). */
export type SaleToChange = {
  name: string;
  kind: 'PERCENT' | 'PRICE';
  percentOff: number | null;
  salePrice: number | null;
  startsAt: string;
  endsAt: string;
  items: readonly { itemType: 'SKIN' | 'BUNDLE'; itemId: string }[];
};

const HOUR = 3600_000;

/** A datetime-local field's value (local time, minutes) for a moment. */
export function localInput(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A new sale: 20 % off, from now for a week. */
export function newSaleValues(now = new Date()): SaleFormValues {
  return {
    name: '',
    kind: 'PERCENT',
    percentOff: 20,
    salePrice: null,
    skinIds: [],
    bundleIds: [],
    startsAt: localInput(now),
    endsAt: localInput(new Date(now.getTime() + 7 * 24 * HOUR)),
  };
}

/** The form filled in with a sale as it is now. */
export function valuesOfSale(sale: SaleToChange): SaleFormValues {
  const ids = (type: 'SKIN' | 'BUNDLE') =>
    sale.items.filter((item) => item.itemType === type).map((item) => item.itemId);
  return {
    name: sale.name,
    kind: sale.kind,
    percentOff: sale.kind === 'PERCENT' ? sale.percentOff : null,
    salePrice: sale.kind === 'PRICE' ? sale.salePrice : null,
    skinIds: ids('SKIN'),
    bundleIds: ids('BUNDLE'),
    startsAt: localInput(new Date(sale.startsAt)),
    endsAt: localInput(new Date(sale.endsAt)),
  };
}

/**
 * What the form sends: the checked values, the reduction of the chosen kind only, and the times as
 * instants. The fields show local time to the minute; a time the author left as it was is sent as
 * the sale has it (to the millisecond), so a running sale's start, which cannot move, is never seen
 * as moved, and an unchanged start that has just passed is not refused as being in the past.
 */
export function saleInputOf(
  values: SaleFormValues,
  parsed: ParsedSaleInput,
  before?: Pick<SaleToChange, 'startsAt' | 'endsAt'>,
) {
  const instant = (field: string, was: string | undefined) =>
    was !== undefined && field === localInput(new Date(was)) ? was : new Date(field).toISOString();
  return {
    name: parsed.name,
    kind: parsed.kind,
    percentOff: parsed.kind === 'PERCENT' ? (parsed.percentOff ?? null) : null,
    salePrice: parsed.kind === 'PRICE' ? (parsed.salePrice ?? null) : null,
    skinIds: values.skinIds,
    bundleIds: values.bundleIds,
    startsAt: instant(values.startsAt, before?.startsAt),
    endsAt: instant(values.endsAt, before?.endsAt),
  };
}
