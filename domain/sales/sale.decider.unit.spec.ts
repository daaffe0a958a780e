import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import { authorSalesDecider, type SaleItemFacts, type SaleCommand } from './sale.decider';
import type { SaleDefinition, SaleEvent } from './sale.events';

const { given } = deciderSpec(authorSalesDecider);
const now = new Date('2026-11-20T10:00:00.000Z');
const hours = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();
const skin = (itemId: number, priceCents = 500, authorId: number | null = 7): SaleItemFacts => ({
  itemType: 'SKIN',
  itemId,
  name: `Skin ${itemId}`,
  authorId,
  priceCents,
});
const autumn: SaleDefinition = {
  saleId: 'sale-1',
  authorId: 7,
  name: 'Autumn sale',
  terms: { kind: 'PERCENT', percentOff: 20 },
  items: [{ itemType: 'SKIN', itemId: 1 }],
  startsAt: hours(24),
  endsAt: hours(24 * 8),
};
const schedule = (sale: Partial<SaleDefinition> = {}, items = [skin(1), skin(2)], at = now): SaleCommand => ({
  type: 'ScheduleSale',
  sale: { ...autumn, ...sale },
  items,
  now: at,
});
const change = (sale: Partial<SaleDefinition>, at = now): SaleCommand => ({
  type: 'ChangeSale',
  sale: { ...autumn, ...sale },
  items: [skin(1), skin(2)],
  now: at,
});
const scheduled: SaleEvent = { type: 'SaleScheduled', data: { ...autumn, scheduledAt: now.toISOString() } };
const later = (h: number) => new Date(now.getTime() + h * 3600_000);

describe('author sales decider', () => {
  it('schedules a sale of the author’s own items', () => {
    given([]).when(schedule()).then([scheduled]);
  });

  it('a start a few minutes ago means now', () => {
    const [event] = given([])
      .when(schedule({ startsAt: hours(-0.05), endsAt: hours(5) }))
      .then([
        {
          type: 'SaleScheduled',
          data: { ...autumn, startsAt: now.toISOString(), endsAt: hours(5), scheduledAt: now.toISOString() },
        },
      ]);
    expect(event?.type).toBe('SaleScheduled');
  });

  it('refuses times that make no sale', () => {
    given([])
      .when(schedule({ startsAt: hours(-1) }))
      .then(refused(DomainError, { message: 'The sale cannot start in the past.' }));
    given([])
      .when(schedule({ endsAt: hours(24) }))
      .then(refused(DomainError, { message: 'The sale must end after it starts.' }));
    given([])
      .when(schedule({ endsAt: hours(24.5) }))
      .then(refused(DomainError, { message: 'A sale runs for at least an hour.' }));
    given([])
      .when(schedule({ endsAt: hours(24 + 31 * 24 + 1) }))
      .then(refused(DomainError, { message: 'A sale runs for at most 31 days.', field: 'endsAt' }));
    given([])
      .when(schedule({ startsAt: hours(24 * 400), endsAt: hours(24 * 401) }))
      .then(refused(DomainError, { field: 'startsAt' }));
  });

  it('refuses items that are not the author’s, free, unknown or twice', () => {
    given([])
      .when(schedule({}, [skin(1, 500, 8)]))
      .then(refused(DomainError, { code: 'FORBIDDEN' }));
    given([])
      .when(schedule({}, [skin(1, 0)]))
      .then(refused(DomainError, { message: 'Skin 1 is free: only paid items can go on sale.' }));
    given([])
      .when(schedule({}, [skin(1, 500, null)]))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
    given([])
      .when(schedule({}, []))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
    given([])
      .when(
        schedule({
          items: [
            { itemType: 'SKIN', itemId: 1 },
            { itemType: 'SKIN', itemId: 1 },
          ],
        }),
      )
      .then(refused(DomainError, { message: 'An item is in the sale twice.' }));
  });

  it('a sale price must lower every item’s price and stay a paid price', () => {
    given([])
      .when(schedule({ terms: { kind: 'PRICE', salePriceCents: 500 } }))
      .then(refused(DomainError, { field: 'salePrice', code: 'BAD_USER_INPUT' }));
    given([])
      .when(schedule({ terms: { kind: 'PRICE', salePriceCents: 150 } }))
      .then(refused(DomainError, { field: 'salePrice' }));
    given([])
      .when(schedule({ terms: { kind: 'PRICE', salePriceCents: 399 } }))
      .then([
        {
          type: 'SaleScheduled',
          data: { ...autumn, terms: { kind: 'PRICE', salePriceCents: 399 }, scheduledAt: now.toISOString() },
        },
      ]);
  });

  it('refuses two sales overlapping on one item, allows them apart in time or on other items', () => {
    given([scheduled])
      .when(schedule({ saleId: 'sale-2', name: 'Black Friday', startsAt: hours(48), endsAt: hours(72) }))
      .then(
        refused(DomainError, {
          code: 'CONFLICT',
          message:
            'Skin 1 is already in your sale "Autumn sale" at that time: two sales cannot overlap on one item.',
        }),
      );
    given([scheduled])
      .when(schedule({ saleId: 'sale-2', startsAt: hours(24 * 8), endsAt: hours(24 * 9) }))
      .then([
        {
          type: 'SaleScheduled',
          data: {
            ...autumn,
            saleId: 'sale-2',
            startsAt: hours(24 * 8),
            endsAt: hours(24 * 9),
            scheduledAt: now.toISOString(),
          },
        },
      ]);
    given([scheduled])
      .when(schedule({ saleId: 'sale-2', items: [{ itemType: 'SKIN', itemId: 2 }] }))
      .then([
        {
          type: 'SaleScheduled',
          data: {
            ...autumn,
            saleId: 'sale-2',
            items: [{ itemType: 'SKIN', itemId: 2 }],
            scheduledAt: now.toISOString(),
          },
        },
      ]);
  });

  it('a cancelled sale frees its items from the cancellation on', () => {
    const cancelled: SaleEvent = {
      type: 'SaleCancelled',
      data: { saleId: 'sale-1', authorId: 7, by: 7, byAdmin: false, cancelledAt: hours(30) },
    };
    given([scheduled, cancelled])
      .when(schedule({ saleId: 'sale-2', startsAt: hours(30), endsAt: hours(40) }, [skin(1)], later(29)))
      .then([
        {
          type: 'SaleScheduled',
          data: {
            ...autumn,
            saleId: 'sale-2',
            startsAt: hours(30),
            endsAt: hours(40),
            scheduledAt: hours(29),
          },
        },
      ]);
  });

  it('changes anything before the start; only name and end once running', () => {
    given([scheduled])
      .when(change({ terms: { kind: 'PERCENT', percentOff: 30 } }))
      .then([
        {
          type: 'SaleChanged',
          data: { ...autumn, terms: { kind: 'PERCENT', percentOff: 30 }, changedAt: now.toISOString() },
        },
      ]);
    given([scheduled]).when(change({})).then([]);
    given([scheduled])
      .when(change({ terms: { kind: 'PERCENT', percentOff: 30 } }, later(25)))
      .then(
        refused(DomainError, { message: 'The sale has started: only its name and its end can change now.' }),
      );
    given([scheduled])
      .when(change({ endsAt: hours(48), name: 'Short autumn' }, later(25)))
      .then([
        {
          type: 'SaleChanged',
          data: { ...autumn, name: 'Short autumn', endsAt: hours(48), changedAt: hours(25) },
        },
      ]);
    given([scheduled])
      .when(change({ endsAt: hours(25) }, later(26)))
      .then(refused(DomainError, { field: 'endsAt' }));
    given([scheduled])
      .when(change({}, later(24 * 9)))
      .then(refused(DomainError, { message: 'This sale has already ended.' }));
    given([])
      .when(change({}))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
    given([scheduled])
      .when(change({ authorId: 8 }))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
  });

  it('the author or an admin cancels; another author cannot; cancelling twice writes nothing', () => {
    const cancel = (userId: number, admin = false, at = now): SaleCommand => ({
      type: 'CancelSale',
      saleId: 'sale-1',
      by: { userId, admin },
      now: at,
    });
    const byAuthor: SaleEvent = {
      type: 'SaleCancelled',
      data: { saleId: 'sale-1', authorId: 7, by: 7, byAdmin: false, cancelledAt: now.toISOString() },
    };
    given([scheduled]).when(cancel(7)).then([byAuthor]);
    given([scheduled])
      .when(cancel(1, true))
      .then([{ type: 'SaleCancelled', data: { ...byAuthor.data, by: 1, byAdmin: true } }]);
    given([scheduled])
      .when(cancel(8))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
    given([scheduled, byAuthor]).when(cancel(7)).then([]);
    given([scheduled])
      .when(cancel(7, false, later(24 * 9)))
      .then(refused(DomainError, { message: 'This sale has already ended.' }));
  });
});
