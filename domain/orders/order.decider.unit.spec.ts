import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { DEFAULT_FEE_POLICY, feePolicy } from '../fees';
import { placeOrderVat } from '../testing/vat-rates';
import { deciderSpec, refused } from '../testing/decider-spec';
import {
  decideOrder,
  initialOrderState,
  MAX_TIP_CENTS,
  orderDecider,
  OrderRefused,
  type CatalogueItem,
  type OrderCommand,
  type OrderRefusalReason,
  type PlaceOrder,
} from './order.decider';
import { paymentStatusAfter, paymentStatusLabels, type OrderEvent, type OrderPlaced } from './order.events';

const { given, stateAfter } = deciderSpec(orderDecider);
/** The command is refused with this reason (an OrderRefused, a DomainError with this code). */
function thenRefused(events: OrderEvent[], command: OrderCommand, reason: OrderRefusalReason, code?: string) {
  const refusal = given(events)
    .when(command)
    .then(refused(OrderRefused, { reason, ...(code ? { code } : {}) }));
  expect(refusal).toBeInstanceOf(DomainError);
  return refusal;
}

const placedAt = new Date('2026-03-01T10:00:00.000Z');
const at = (iso: string) => new Date(iso);
const skin: CatalogueItem = {
  itemType: 'SKIN',
  itemId: 7,
  name: 'Desert Fox',
  authorId: 50,
  priceCents: 500,
};
const bundle: CatalogueItem = {
  itemType: 'BUNDLE',
  itemId: 3,
  name: 'Neon Pack',
  authorId: 51,
  priceCents: 1000,
};
const buyer = { userId: 9, email: 'player@example.com', fullName: 'Pat Player', country: 'cz' };

const place = (overrides: Partial<PlaceOrder> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: 'o-1',
  buyer,
  paymentType: 'STRIPE',
  items: [skin, bundle],
  feePolicy: DEFAULT_FEE_POLICY,
  vat: placeOrderVat(),
  placedAt,
  ...overrides,
});
const openSession = (providerReference = 'cs_1', provider: 'STRIPE' | 'PAYPAL' | 'LOCAL' = 'STRIPE') =>
  ({
    type: 'OpenPaymentSession',
    provider,
    providerReference,
    url: `https://pay.example/${providerReference}`,
    openedAt: at('2026-03-01T10:00:05Z'),
  }) as const;
const confirm = (
  providerReference = 'cs_1',
  amountCents = 1500,
  provider: 'STRIPE' | 'PAYPAL' | 'LOCAL' = 'STRIPE',
) =>
  ({
    type: 'ConfirmPayment',
    provider,
    providerReference,
    providerEventId: 'evt_1',
    amountCents,
    receivedAt: at('2026-03-01T10:03:00Z'),
  }) as const;
const cancel = { type: 'CancelOrder', reason: 'EXPIRED', cancelledAt: at('2026-03-02T10:00:00Z') } as const;
const refund = (refundedAt = at('2026-03-05T12:00:00Z'), downloadedItems: CatalogueItem[] = []) =>
  ({ type: 'RefundOrder', by: 1, reason: 'Bought by mistake', downloadedItems, refundedAt }) as const;

const placed = () => decideOrder(place(), initialOrderState);
const onTheWay = () => [...placed(), ...given(placed()).when(openSession()).events()];
const paid = () => [...onTheWay(), ...given(onTheWay()).when(confirm()).events()];
const cancelled = () => [...onTheWay(), ...given(onTheWay()).when(cancel).events()];
const refunded = () => [...paid(), ...given(paid()).when(refund()).events()];

describe('order decider: PlaceOrder', () => {
  // An operator not registered for VAT (placeOrderVat's default): no VAT, so generation 3 gives the
  // figures generation 2 gave. The VAT cases are in order-vat.decider.unit.spec.ts.
  it('records the catalogue items with their fees and shares, the totals and the fee policy', () => {
    given([])
      .when(place())
      .then([
        {
          type: 'OrderPlaced',
          data: {
            orderId: 'o-1',
            buyer: { userId: 9, email: 'player@example.com', fullName: 'Pat Player', country: 'cz' },
            paymentType: 'STRIPE',
            items: [
              {
                itemType: 'SKIN',
                itemId: 7,
                name: 'Desert Fox',
                authorId: 50,
                priceCents: 500,
                tipCents: 0,
                vatCents: 0,
                siteFeeCents: 10,
                paymentFeeCents: 18,
                authorShareCents: 472,
              },
              {
                itemType: 'BUNDLE',
                itemId: 3,
                name: 'Neon Pack',
                authorId: 51,
                priceCents: 1000,
                tipCents: 0,
                vatCents: 0,
                siteFeeCents: 20,
                paymentFeeCents: 35,
                authorShareCents: 945,
              },
            ],
            totals: {
              totalCents: 1500,
              vatCents: 0,
              siteFeeCents: 30,
              paymentFeeCents: 53,
              authorShareCents: 1417,
            },
            feePolicyVersion: 'v3:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35',
            vat: {
              treatment: 'NOT_REGISTERED',
              country: 'cz',
              rateBasisPoints: 0,
              rateSetVersion: 'test-rates@1.0.0',
              seller: { homeCountry: 'cz', vatId: null },
              buyerVatId: null,
              vatIdCheck: null,
              evidence: { billingCountry: 'cz', ipCountry: null, rule: 'BUYER_CONFIRMED' },
            },
            placedAt: '2026-03-01T10:00:00.000Z',
          },
        },
      ]);
  });

  it('prices a guest from outside the EEA at the higher card rate, with a tip, country in lowercase', () => {
    const [event] = given([])
      .when(place({ buyer: { ...buyer, userId: null, country: 'US' }, items: [{ ...skin, tipCents: 200 }] }))
      .events() as OrderPlaced[];
    expect(event?.data.buyer).toEqual({ ...buyer, userId: null, country: 'us' });
    // 7.00: site 0.14; card 3.25 % = 0.2275 → 0.23, + 0.30
    expect(event?.data.items[0]).toMatchObject({
      priceCents: 500,
      tipCents: 200,
      siteFeeCents: 14,
      paymentFeeCents: 53,
      authorShareCents: 633,
    });
    expect(event?.data.totals.totalCents).toBe(700);
  });

  it('records the configured PayPal policy version', () => {
    const policy = feePolicy({ paypal: { rateBasisPoints: 290, fixedCents: 39 } });
    const [event] = given([])
      .when(place({ paymentType: 'PAYPAL', feePolicy: policy }))
      .events() as OrderPlaced[];
    expect(event?.data.feePolicyVersion).toBe(policy.version);
    expect(event?.data.totals.paymentFeeCents).toBe(44 + 39); // 2.9 % of 15.00 = 0.435 → 0.44
  });

  it('copies only the catalogue fields: nothing else the handler passed reaches the event', () => {
    const smuggled = { ...skin, clientPriceCents: 1 } as CatalogueItem;
    const [event] = given([])
      .when(place({ items: [smuggled] }))
      .events() as OrderPlaced[];
    expect(Object.keys(event?.data.items[0] ?? {})).not.toContain('clientPriceCents');
    expect(event?.data.items[0]?.priceCents).toBe(500);
  });

  it('refuses an empty order', () => {
    thenRefused([], place({ items: [] }), 'EMPTY_ORDER', 'BAD_USER_INPUT');
  });

  it('refuses a free item, and a price under the 2 EUR minimum', () => {
    thenRefused([], place({ items: [skin, { ...bundle, priceCents: 0 }] }), 'FREE_ITEM', 'BAD_USER_INPUT');
    thenRefused(
      [],
      place({ items: [{ ...skin, priceCents: 199 }] }),
      'PRICE_BELOW_MINIMUM',
      'BAD_USER_INPUT',
    );
  });

  it('refuses the same item twice, but a skin and a bundle may share an id', () => {
    thenRefused([], place({ items: [skin, bundle, { ...skin }] }), 'DUPLICATE_ITEM', 'BAD_USER_INPUT');
    expect(
      given([])
        .when(place({ items: [skin, { ...bundle, itemId: skin.itemId }] }))
        .events(),
    ).toHaveLength(1);
  });

  it("refuses the buyer's own items; a guest owns none", () => {
    const refusal = thenRefused([], place({ buyer: { ...buyer, userId: 51 } }), 'OWN_ITEM', 'FORBIDDEN');
    expect(refusal.message).toMatch(/Neon Pack/);
    expect(
      given([])
        .when(place({ buyer: { ...buyer, userId: null } }))
        .events(),
    ).toHaveLength(1);
  });

  it.each([-1, 0.5, MAX_TIP_CENTS + 1])('refuses a tip of %s cents', (tipCents) => {
    thenRefused([], place({ items: [{ ...skin, tipCents }] }), 'INVALID_TIP', 'BAD_USER_INPUT');
  });

  it('accepts a tip of up to 100 EUR per item', () => {
    expect(MAX_TIP_CENTS).toBe(10_000);
    const [event] = given([])
      .when(place({ items: [{ ...skin, tipCents: MAX_TIP_CENTS }] }))
      .events() as OrderPlaced[];
    expect(event?.data.items[0]).toMatchObject({ priceCents: 500, tipCents: 10_000 });
    expect(event?.data.totals.totalCents).toBe(10_500);
  });

  it('records the price a buyer chose for a pay-what-you-want item, and its minimum', () => {
    const pwyw = { ...skin, payWhatYouWant: true, chosenPriceCents: 1200, tipCents: 100 };
    const [event] = given([])
      .when(place({ items: [pwyw, bundle] }))
      .events() as OrderPlaced[];
    expect(event?.data.items[0]).toMatchObject({ priceCents: 1200, tipCents: 100, minimumPriceCents: 500 });
    // A fixed-price item records no minimum.
    expect(event?.data.items[1]).not.toHaveProperty('minimumPriceCents');
    expect(event?.data.totals.totalCents).toBe(1200 + 100 + 1000);
    // The minimum itself may be chosen; without a choice the catalogue price is paid.
    const [atMinimum] = given([])
      .when(place({ items: [{ ...skin, payWhatYouWant: true, chosenPriceCents: 500 }] }))
      .events() as OrderPlaced[];
    expect(atMinimum?.data.items[0]).toMatchObject({ priceCents: 500, minimumPriceCents: 500 });
    const [unchosen] = given([])
      .when(place({ items: [{ ...skin, payWhatYouWant: true }] }))
      .events() as OrderPlaced[];
    expect(unchosen?.data.items[0]?.priceCents).toBe(500);
  });

  it('refuses a chosen price for a fixed-price item, and one under the minimum or over 500 EUR', () => {
    const fixed = thenRefused(
      [],
      place({ items: [{ ...skin, chosenPriceCents: 900 }] }),
      'FIXED_PRICE',
      'BAD_USER_INPUT',
    );
    expect(fixed.message).toBe('Desert Fox has a fixed price.');
    for (const chosenPriceCents of [499, 50_001, 600.5]) {
      const refusal = thenRefused(
        [],
        place({ items: [{ ...skin, payWhatYouWant: true, chosenPriceCents }] }),
        'INVALID_CHOSEN_PRICE',
        'BAD_USER_INPUT',
      );
      expect(refusal.message.replace(/\u00a0/g, ' ')).toMatch(/^Desert Fox costs at least 5,00 €/);
    }
  });

  it('refuses to place the same order twice', () => {
    thenRefused(placed(), place(), 'ORDER_ALREADY_PLACED', 'CONFLICT');
  });
});

describe('order decider: OpenPaymentSession', () => {
  it('opens a session for a placed order', () => {
    given(placed())
      .when(openSession())
      .then([
        {
          type: 'PaymentSessionOpened',
          data: {
            orderId: 'o-1',
            provider: 'STRIPE',
            providerReference: 'cs_1',
            url: 'https://pay.example/cs_1',
            openedAt: '2026-03-01T10:00:05.000Z',
          },
        },
      ]);
  });

  it('the same session again changes nothing; a new session (a retry) is recorded', () => {
    given(onTheWay()).when(openSession('cs_1')).then([]);
    expect(given(onTheWay()).when(openSession('cs_2')).events()).toHaveLength(1);
  });

  it('the local stand-in may serve any order; another provider may not', () => {
    expect(given(placed()).when(openSession('local-1', 'LOCAL')).events()).toHaveLength(1);
    thenRefused(placed(), openSession('pp-1', 'PAYPAL'), 'WRONG_PROVIDER');
  });

  it('refuses an unknown, paid or cancelled order', () => {
    thenRefused([], openSession(), 'ORDER_NOT_FOUND', 'NOT_FOUND');
    thenRefused(paid(), openSession('cs_2'), 'ORDER_ALREADY_PAID', 'CONFLICT');
    thenRefused(cancelled(), openSession('cs_2'), 'ORDER_CANCELLED', 'CONFLICT');
  });
});

describe('order decider: ConfirmPayment', () => {
  it('records the payment of the order total', () => {
    given(onTheWay())
      .when(confirm())
      .then([
        {
          type: 'PaymentReceived',
          data: {
            orderId: 'o-1',
            provider: 'STRIPE',
            providerReference: 'cs_1',
            providerEventId: 'evt_1',
            amountCents: 1500,
            receivedAt: '2026-03-01T10:03:00.000Z',
          },
        },
      ]);
  });

  it('accepts a payment that arrives before the session was recorded, and from the local stand-in', () => {
    expect(
      given(placed())
        .when(confirm('local-1', 1500, 'LOCAL'))
        .events(),
    ).toHaveLength(1);
  });

  it('is idempotent: the same provider reference again writes nothing, even after a refund', () => {
    given(paid())
      .when({ ...confirm(), providerEventId: 'evt_2' })
      .then([]);
    given(refunded()).when(confirm()).then([]);
  });

  it('refuses another reference for a paid order', () => {
    thenRefused(paid(), confirm('cs_2'), 'PAID_WITH_ANOTHER_REFERENCE', 'CONFLICT');
  });

  it('refuses to confirm a cancelled order with an error the caller can log', () => {
    const refusal = thenRefused(cancelled(), confirm(), 'ORDER_CANCELLED', 'CONFLICT');
    expect(refusal.orderId).toBe('o-1');
    expect(refusal.name).toBe('OrderRefused');
  });

  it('refuses an amount other than the total', () => {
    thenRefused(onTheWay(), confirm('cs_1', 1499), 'AMOUNT_MISMATCH', 'CONFLICT');
    thenRefused(onTheWay(), confirm('cs_1', 1501), 'AMOUNT_MISMATCH');
  });

  it('compares with the total recorded when the order was placed, never a recomputed one', () => {
    const recorded = placed().map((event) =>
      event.type === 'OrderPlaced'
        ? { ...event, data: { ...event.data, totals: { ...event.data.totals, totalCents: 1234 } } }
        : event,
    );
    expect(given(recorded).when(confirm('cs_1', 1234)).events()).toHaveLength(1);
    thenRefused(recorded, confirm('cs_1', 1500), 'AMOUNT_MISMATCH');
  });

  it('refuses a provider other than the order payment type, and an unknown order', () => {
    thenRefused(onTheWay(), confirm('cs_1', 1500, 'PAYPAL'), 'WRONG_PROVIDER');
    thenRefused([], confirm(), 'ORDER_NOT_FOUND', 'NOT_FOUND');
  });
});

describe('order decider: CancelOrder', () => {
  it('cancels an order before payment, with or without a session', () => {
    const cancelledEvent: OrderEvent = {
      type: 'OrderCancelled',
      data: { orderId: 'o-1', reason: 'EXPIRED', cancelledAt: '2026-03-02T10:00:00.000Z' },
    };
    given(placed()).when(cancel).then([cancelledEvent]);
    given(onTheWay()).when(cancel).then([cancelledEvent]);
  });

  it('cancelling a cancelled order changes nothing', () => {
    given(cancelled())
      .when({ ...cancel, reason: 'DECLINED' })
      .then([]);
  });

  it('refuses to cancel a paid or refunded order, or an unknown one', () => {
    thenRefused(paid(), cancel, 'ORDER_ALREADY_PAID', 'CONFLICT');
    thenRefused(refunded(), cancel, 'ORDER_ALREADY_PAID', 'CONFLICT');
    thenRefused([], cancel, 'ORDER_NOT_FOUND', 'NOT_FOUND');
  });
});

describe('order decider: RefundOrder', () => {
  it('refunds a paid order within 7 days when nothing was downloaded', () => {
    given(paid())
      .when(refund())
      .then([
        {
          type: 'OrderRefunded',
          data: {
            orderId: 'o-1',
            by: 1,
            reason: 'Bought by mistake',
            amountCents: 1500,
            refundedAt: '2026-03-05T12:00:00.000Z',
            providerRefundId: null,
          },
        },
      ]);
  });

  it('counts the 7 days from the payment: exactly 7 days is in time, a moment later is not', () => {
    expect(
      given(paid())
        .when(refund(at('2026-03-08T10:03:00.000Z')))
        .events(),
    ).toHaveLength(1);
    thenRefused(paid(), refund(at('2026-03-08T10:03:00.001Z')), 'REFUND_WINDOW_PASSED', 'FORBIDDEN');
  });

  it('refuses when any item was downloaded, naming it', () => {
    const refusal = thenRefused(paid(), refund(undefined, [bundle]), 'ITEMS_DOWNLOADED', 'FORBIDDEN');
    expect(refusal.message).toMatch(/BUNDLE:3/);
  });

  it('refuses an order that is not paid', () => {
    thenRefused(placed(), refund(), 'ORDER_NOT_PAID', 'CONFLICT');
    thenRefused(onTheWay(), refund(), 'ORDER_NOT_PAID');
    thenRefused(cancelled(), refund(), 'ORDER_NOT_PAID');
    thenRefused([], refund(), 'ORDER_NOT_FOUND', 'NOT_FOUND');
  });

  it('refunding a refunded order changes nothing', () => {
    given(refunded()).when(refund()).then([]);
  });
});

describe('order decider: payment status', () => {
  it('follows the events: before checkout, awaiting payment, completed, cancelled, refunded', () => {
    expect(stateAfter([]).status).toBeNull();
    expect(stateAfter(placed()).status).toBe('BEFORE_CHECKOUT');
    expect(stateAfter(onTheWay()).status).toBe('PAYMENT_ON_THE_WAY');
    expect(stateAfter(paid()).status).toBe('PAYMENT_RECEIVED');
    expect(stateAfter(cancelled()).status).toBe('CANCELLED');
    expect(stateAfter(refunded()).status).toBe('REFUNDED');
    expect(paymentStatusLabels[paymentStatusAfter.PaymentReceived]).toBe('Completed');
    expect(paymentStatusLabels[paymentStatusAfter.PaymentSessionOpened]).toBe('Awaiting payment');
  });

  it('whatever the commands, an order is paid at most once, never after cancelling, refunded only when paid', () => {
    const commands = fc.constantFrom<OrderCommand>(
      openSession('cs_1'),
      openSession('cs_2'),
      openSession('local-1', 'LOCAL'),
      confirm('cs_1'),
      confirm('cs_2'),
      confirm('cs_1', 1499),
      confirm('local-1', 1500, 'LOCAL'),
      cancel,
      refund(),
      refund(at('2026-04-01T00:00:00Z')),
      refund(undefined, [skin]),
    );
    fc.assert(
      fc.property(fc.array(commands, { maxLength: 15 }), (sequence) => {
        const history: OrderEvent[] = placed();
        for (const command of sequence) {
          try {
            history.push(...given(history).when(command).events());
          } catch (error) {
            expect(error).toBeInstanceOf(OrderRefused);
          }
        }
        const types = history.map((event) => event.type);
        const paidAt = types.indexOf('PaymentReceived');
        const cancelledAt = types.indexOf('OrderCancelled');
        const refundedAt = types.indexOf('OrderRefunded');
        expect(types.filter((type) => type === 'PaymentReceived').length).toBeLessThanOrEqual(1);
        expect(types.filter((type) => type === 'OrderCancelled').length).toBeLessThanOrEqual(1);
        expect(types.filter((type) => type === 'OrderRefunded').length).toBeLessThanOrEqual(1);
        expect(paidAt === -1 || cancelledAt === -1).toBe(true);
        if (refundedAt !== -1) expect(paidAt).toBeGreaterThan(-1);
        if (refundedAt !== -1) expect(refundedAt).toBeGreaterThan(paidAt);
      }),
    );
  });
});

describe('order decider: what checkout records besides the prices', () => {
  it("records the order number, a guest buyer and a bundle's skins at purchase time", () => {
    const [event] = given([])
      .when(
        place({
          externalId: 'TS-2026-000001',
          buyer: { ...buyer, guest: true },
          items: [skin, { ...bundle, skinIds: [11, 12] }],
        }),
      )
      .events() as OrderPlaced[];
    expect(event?.data.externalId).toBe('TS-2026-000001');
    expect(event?.data.buyer.guest).toBe(true);
    expect(event?.data.items.map((item) => item.skinIds)).toEqual([undefined, [11, 12]]);
  });

  it('records no skin list for a skin, even when one is given', () => {
    const [event] = given([])
      .when(place({ items: [{ ...skin, skinIds: [1] }] }))
      .events() as OrderPlaced[];
    expect(event?.data.items[0]).not.toHaveProperty('skinIds');
    expect(event?.data).not.toHaveProperty('externalId');
    expect(event?.data.buyer).not.toHaveProperty('guest');
  });
});
