import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATALOGUE_STREAM_TYPE } from '../../api/catalogue/catalogue-facts';
import { catalogueItemStreamId } from '../../domain/community/community.events';
import type { OrderPlaced } from '../../domain/orders/order.events';
import { listenToCatalogueChanges } from '../../app/app';
import { SaleBoundaries } from '../../app/sale-boundaries';
import { backdated } from '../../infra/event-store/backdating';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

// Author sales through the public API (docs/sales-and-codes.md): scheduling and its permissions, the
// sale showing from its start to its end to the second with the 30-day reference price, and an
// order placed during it recording the regular price and the reduction, with VAT and fees on the
// reduced price.

const DAY = 24 * 3600_000;
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
let clock = T0;
let app: TestApp;
let viewers: Awaited<ReturnType<typeof createViewers>>;
let skin: ShopItem;
let other: ShopItem;
let bundle: ShopItem;

const SCHEDULE = `mutation($input: SaleInput!) { scheduleSale(input: $input) {
  id name kind percentOff salePrice startsAt endsAt status items { itemType itemId name price } } }`;
const CANCEL = `mutation($id: ID!) { cancelSale(id: $id) { id status cancelledAt } }`;
const CHANGE = `mutation($id: ID!, $input: SaleInput!) { changeSale(id: $id, input: $input) { id name endsAt status } }`;
const SKIN_SALE = `query($url: String!) { skin(url: $url) { id price sale { id name salePrice regularPrice referencePrice percentOff startsAt endsAt } } }`;
const QUOTE = `query($input: CheckoutQuoteInput!) { checkoutQuote(input: $input) {
  total items { itemId price regularPrice reductions { source label amount } } } }`;
const iso = (ms: number) => new Date(ms).toISOString();
const saleInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Winter sale',
  kind: 'PERCENT',
  percentOff: 20,
  skinIds: [String(skin.id)],
  bundleIds: [String(bundle.id)],
  startsAt: iso(T0 + 3600_000),
  endsAt: iso(T0 + 3600_000 + 2 * DAY),
  ...overrides,
});

/** The skin's regular prices as the catalogue's events record them (what the reference reads). */
async function priceHistory(item: ShopItem, authorId: number, prices: [number, number][]) {
  const [[firstAt, first], ...changes] = prices as [[number, number], ...[number, number][]];
  let from = first;
  await app.context.store.appendAlone(app.context.pool, {
    streamId: catalogueItemStreamId('SKIN', item.id),
    streamType: CATALOGUE_STREAM_TYPE,
    expectedVersion: 'any',
    events: [
      {
        type: 'ItemPublished',
        data: {
          itemType: 'SKIN',
          itemId: item.id,
          authorId,
          name: item.title,
          game: 'TM2020',
          priceCents: first,
          publishedAt: iso(firstAt!),
        },
        metadata: { actor: { userId: authorId }, correlationId: 'test' },
        occurredAt: backdated(firstAt),
      },
      ...changes.map(([at, cents]) => {
        const event = {
          type: 'ItemPriceChanged',
          data: {
            itemType: 'SKIN',
            itemId: item.id,
            authorId,
            name: item.title,
            fromCents: from,
            toCents: cents,
            changedAt: iso(at),
          },
          metadata: { actor: { userId: authorId }, correlationId: 'test' },
          occurredAt: backdated(at),
        };
        from = cents;
        return event;
      }),
    ],
  });
}

beforeAll(async () => {
  app = await createTestApp({ context: { now: () => new Date(clock) } });
  viewers = await createViewers(app);
  const author = viewers.owner;
  skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
  other = await addSkin(app, { authorId: viewers.other.id, priceCents: 700 });
  bundle = await addBundle(app, { authorId: author.id, priceCents: 900, skinIds: [skin.id] });
  // 6.00 for long, 4.50 from 20 days before, back to 5.00 two days before the sale.
  await priceHistory(skin, author.id, [
    [T0 - 60 * DAY, 600],
    [T0 - 20 * DAY, 450],
    [T0 - 2 * DAY, 500],
  ]);
});
afterAll(async () => {
  await app.close();
});

describe('author sales', () => {
  let saleId: string;

  it('only a signed-in author schedules, and only on their own items', async () => {
    const anonymous = await graphql(app, SCHEDULE, { input: saleInput() });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const foreign = await graphql(
      app,
      SCHEDULE,
      { input: saleInput({ skinIds: [String(other.id)] }) },
      viewers.owner.token,
    );
    expect(foreign.body.errors?.[0]).toMatchObject({
      message: `${other.title} is not yours: a sale can only lower the price of your own items.`,
      extensions: { code: 'FORBIDDEN' },
    });
    const bad = await graphql(app, SCHEDULE, { input: saleInput({ percentOff: 95 }) }, viewers.owner.token);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(bad.body.errors?.[0]?.message).toContain('1 to 90');

    const { body } = await graphql(app, SCHEDULE, { input: saleInput() }, viewers.owner.token);
    expect(body.errors).toBeUndefined();
    expect(body.data.scheduleSale).toMatchObject({
      name: 'Winter sale',
      kind: 'PERCENT',
      percentOff: 20,
      status: 'SCHEDULED',
    });
    expect(body.data.scheduleSale.items.map((i: { itemId: string }) => Number(i.itemId)).sort()).toEqual(
      [skin.id, bundle.id].sort(),
    );
    saleId = body.data.scheduleSale.id;
  });

  it('refuses a second sale overlapping on an item, clearly', async () => {
    const { body } = await graphql(
      app,
      SCHEDULE,
      {
        input: saleInput({
          name: 'Overlap',
          bundleIds: [],
          startsAt: iso(T0 + DAY),
          endsAt: iso(T0 + 3 * DAY),
        }),
      },
      viewers.owner.token,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: `${skin.title} is already in your sale "Winter sale" at that time: two sales cannot overlap on one item.`,
      extensions: { code: 'CONFLICT' },
    });
  });

  it('another user can neither change nor cancel it nor list it; an admin lists it', async () => {
    const change = await graphql(
      app,
      CHANGE,
      { id: saleId, input: saleInput({ name: 'Mine now' }) },
      viewers.other.token,
    );
    expect(change.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const cancel = await graphql(app, CANCEL, { id: saleId }, viewers.other.token);
    expect(cancel.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const anonymousCancel = await graphql(app, CANCEL, { id: saleId });
    expect(anonymousCancel.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const theirs = await graphql(
      app,
      `
        {
          mySales {
            id
          }
        }
      `,
      {},
      viewers.other.token,
    );
    expect(theirs.body.data.mySales).toEqual([]);
    const mine = await graphql(
      app,
      `
        {
          mySales {
            id
            status
          }
        }
      `,
      {},
      viewers.owner.token,
    );
    expect(mine.body.data.mySales).toEqual([{ id: saleId, status: 'SCHEDULED' }]);
    const listQuery = `query($a: ID!) { authorSales(authorId: $a) { id } }`;
    const notAdmin = await graphql(app, listQuery, { a: String(viewers.owner.id) }, viewers.other.token);
    expect(notAdmin.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const admin = await graphql(app, listQuery, { a: String(viewers.owner.id) }, viewers.admin.token);
    expect(admin.body.data.authorSales).toEqual([{ id: saleId }]);
    // The owner may rename it before it starts.
    const renamed = await graphql(
      app,
      CHANGE,
      { id: saleId, input: saleInput({ name: 'Winter sale!' }) },
      viewers.owner.token,
    );
    expect(renamed.body.data.changeSale).toMatchObject({ name: 'Winter sale!', status: 'SCHEDULED' });
  });

  it('shows nothing before its start, the sale with its 30-day reference from the start, nothing from its end', async () => {
    const start = T0 + 3600_000;
    const end = start + 2 * DAY;
    clock = start - 1000;
    expect((await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin.sale).toBeNull();
    clock = start;
    const running = (await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin;
    expect(running).toMatchObject({
      price: 5,
      sale: {
        id: saleId,
        name: 'Winter sale!',
        salePrice: 4,
        regularPrice: 5,
        // The lowest of the 30 days before the start: 4.50 (20 days before), not today's 5.00.
        referencePrice: 4.5,
        percentOff: 11,
        startsAt: iso(start),
        endsAt: iso(end),
      },
    });
    // Lists read every item's sale in one loader call.
    const list = await graphql(
      app,
      `
        query ($ids: [ID!]!) {
          skinsById(ids: $ids) {
            id
            sale {
              salePrice
            }
          }
        }
      `,
      {
        ids: [String(skin.id), String(other.id)],
      },
    );
    expect(list.body.data.skinsById.map((s: { sale: unknown }) => s.sale)).toEqual([{ salePrice: 4 }, null]);
    clock = end - 1;
    expect((await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin.sale).not.toBeNull();
    clock = end;
    expect((await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin.sale).toBeNull();
  });

  it('an order during the sale records the regular price and the reduction; VAT and fees come from the sale price', async () => {
    clock = T0 + 3600_000 + DAY;
    const quote = await graphql(app, QUOTE, {
      input: { skins: [String(skin.id)], bundles: [String(bundle.id)].slice(0, 0), country: 'cz' },
    });
    expect(quote.body.errors).toBeUndefined();
    expect(quote.body.data.checkoutQuote.items[0]).toMatchObject({
      price: 4,
      regularPrice: 5,
      reductions: [{ source: 'SALE', label: 'Winter sale!', amount: 1 }],
    });
    const buyer = await createUser(app);
    const form = checkoutForm({ bundles: [bundle.id] }, { price: 0.01, total: 0.01 });
    const { reference } = await cardCheckout(app, form, buyer.token);
    const order = await orderBySession(app, reference);
    const placed = await app.context.pool.oneFirst(sql.type(
      z.object({ data: z.custom<OrderPlaced['data']>() }),
    )`
      select data from events where stream_id = ${`order-${order.id}`} and event_type = 'OrderPlaced'`);
    const [item] = placed.items;
    expect(item).toMatchObject({
      itemType: 'BUNDLE',
      priceCents: 720,
      regularPriceCents: 900,
      reductions: [{ source: 'SALE', id: saleId, label: 'Winter sale!', cents: 180 }],
    });
    // Czech VAT (21 %) is carved out of 7.20, the site fee is 2 % of the net, the rest balances.
    expect(item!.vatCents).toBe(125);
    expect(item!.siteFeeCents).toBe(Math.round((720 - 125) * 0.02));
    expect(item!.priceCents + item!.tipCents).toBe(
      item!.vatCents! + item!.siteFeeCents + item!.paymentFeeCents + item!.authorShareCents,
    );
    expect(order.total_cents).toBe(720);
    // The buyer's confirmation page names the recorded reduction beside the regular price.
    const confirmation = await graphql(
      app,
      `
        query ($id: String!) {
          orderConfirmation(externalId: $id) {
            items {
              price
              regularPrice
              reductions {
                source
                label
                amount
              }
            }
          }
        }
      `,
      { id: order.external_id },
      buyer.token,
    );
    expect(confirmation.body.errors).toBeUndefined();
    expect(confirmation.body.data.orderConfirmation.items).toEqual([
      {
        price: 7.2,
        regularPrice: 9,
        reductions: [{ source: 'SALE', label: 'Winter sale!', amount: 1.8 }],
      },
    ]);
    // And so does the buyer's purchase history.
    const history = await graphql(
      app,
      `
        {
          myPurchaseList(page: { page: 0, size: 10 }) {
            content {
              externalId
              items {
                price
                saleReduction {
                  source
                  label
                  amount
                }
                codeReduction {
                  source
                  label
                  amount
                }
              }
            }
          }
        }
      `,
      {},
      buyer.token,
    );
    expect(history.body.errors).toBeUndefined();
    expect(history.body.data.myPurchaseList.content).toEqual([
      {
        externalId: order.external_id,
        items: [
          {
            price: 7.2,
            saleReduction: { source: 'SALE', label: 'Winter sale!', amount: 1.8 },
            codeReduction: null,
          },
        ],
      },
    ]);
  });

  it('after the sale, checkout asks the regular price again and records no reduction', async () => {
    clock = T0 + 3600_000 + 2 * DAY;
    const quote = await graphql(app, QUOTE, {
      input: { skins: [String(skin.id)], bundles: [], country: 'cz' },
    });
    expect(quote.body.data.checkoutQuote.items[0]).toMatchObject({
      price: 5,
      regularPrice: null,
      reductions: [],
    });
  });

  it('an admin cancels a sale; a cancelled sale stops at once and frees its items', async () => {
    clock = T0 + 10 * DAY;
    const next = await graphql(
      app,
      SCHEDULE,
      {
        input: saleInput({
          name: 'Flash',
          kind: 'PRICE',
          percentOff: null,
          salePrice: 3.5,
          bundleIds: [],
          startsAt: iso(clock),
          endsAt: iso(clock + DAY),
        }),
      },
      viewers.owner.token,
    );
    expect(next.body.errors).toBeUndefined();
    const id = next.body.data.scheduleSale.id;
    const running = (await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin.sale;
    // The earlier sale (4.00 from T0 + 1 h for two days) is inside this one's 30 days.
    expect(running).toMatchObject({ salePrice: 3.5, referencePrice: 4 });
    clock += 3600_000;
    const cancelled = await graphql(app, CANCEL, { id }, viewers.admin.token);
    expect(cancelled.body.data.cancelSale).toMatchObject({
      id,
      status: 'CANCELLED',
      cancelledAt: iso(clock),
    });
    expect((await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin.sale).toBeNull();
    const again = await graphql(
      app,
      SCHEDULE,
      {
        input: saleInput({
          name: 'After flash',
          bundleIds: [],
          startsAt: iso(clock),
          endsAt: iso(clock + DAY),
        }),
      },
      viewers.owner.token,
    );
    expect(again.body.errors).toBeUndefined();
  });
});

describe('the response cache and a sale starting by time', () => {
  it('serves the sale from its start although nothing was written then', async () => {
    const boundaries = new SaleBoundaries(app.context);
    const listener = listenToCatalogueChanges(app.context, app.db.url, () => void boundaries.rearm());
    await listener.start();
    await boundaries.start();
    try {
      clock = T0 + 20 * DAY;
      const start = clock + 1500;
      const scheduled = await graphql(
        app,
        SCHEDULE,
        {
          input: saleInput({ name: 'Cached', bundleIds: [], startsAt: iso(start), endsAt: iso(start + DAY) }),
        },
        viewers.owner.token,
      );
      expect(scheduled.body.errors).toBeUndefined();
      // Let the change notice reach the cache and the timer, then cache the answer before the start.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin.sale).toBeNull();
      const hits = app.context.responseCache.hits;
      expect((await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin.sale).toBeNull();
      expect(app.context.responseCache.hits).toBe(hits + 1);
      // The start passes (the app's clock and, for the timer, real time): the cached answer is dropped.
      clock = start;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await graphql(app, SKIN_SALE, { url: skin.url })).body.data.skin.sale).toMatchObject({
        name: 'Cached',
      });
    } finally {
      boundaries.stop();
      await listener.stop();
    }
  });
});
