import { describe, expect, it } from 'vitest';
import type { OrderedItem } from '../orders/order.events';
import { allocatePayment, emptyPayoutBook } from './payout-allocation';
import type { PayoutItemAdded } from './payout.events';

const item = (vatCents?: number): OrderedItem => ({
  itemType: 'SKIN',
  itemId: 7,
  name: 'Glacier Ember Racer',
  authorId: 3,
  priceCents: 350,
  tipCents: 0,
  ...(vatCents === undefined ? {} : { vatCents }),
  siteFeeCents: 29,
  paymentFeeCents: 30,
  authorShareCents: 350 - (vatCents ?? 0) - 59,
});

function addedItems(items: OrderedItem[]) {
  let id = 0;
  const decisions = allocatePayment(
    emptyPayoutBook(),
    {
      orderId: '42',
      orderExternalId: 'TS-000042',
      paymentType: 'STRIPE',
      paidAt: '2026-11-28T10:00:00Z',
      items,
    },
    () => ++id,
  );
  return decisions
    .flatMap((decision) => decision.events)
    .filter((event): event is PayoutItemAdded => event.type === 'PayoutItemAdded')
    .map((event) => event.data.item);
}

describe('allocatePayment and VAT', () => {
  it('copies the VAT the order recorded for an item (19 % of 3,50 €: 0,56 €), with its share', () => {
    const [added] = addedItems([item(56)]);
    expect(added).toMatchObject({
      priceCents: 350,
      vatCents: 56,
      siteFeeCents: 29,
      paymentFeeCents: 30,
      authorShareCents: 235,
    });
  });

  it('copies a VAT of 0 (reverse charge, outside the EU) as 0, and leaves it out for an order placed before VAT', () => {
    const [reverseCharge, beforeVat] = addedItems([item(0), item()]);
    expect(reverseCharge!.vatCents).toBe(0);
    expect(beforeVat).not.toHaveProperty('vatCents');
  });
});
