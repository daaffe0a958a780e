import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addBundle, addSkin, postJson, type ShopItem } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { appendPaidVatOrder } from '../support/vat-orders';

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let author: User;
let other: User;
let admin: User;
let skin: ShopItem;
let free: ShopItem;
let bundle: ShopItem;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const REPORT = `query { myItemPerformance {
  viewsSince
  items { itemType itemId title url published views downloads purchases conversion revenue
          bySource { source purchases revenue authorShare refunds refunded } }
} }`;
type Report = {
  viewsSince: string | null;
  items: {
    itemType: string;
    itemId: string;
    title: string;
    views: number;
    downloads: number | null;
    purchases: number;
    conversion: number | null;
    revenue: number;
    bySource: { source: string; purchases: number; revenue: number; authorShare: number }[];
  }[];
};

async function report(user?: User) {
  return (await graphql(app, REPORT, {}, user?.token)).body as {
    data?: { myItemPerformance: Report };
    errors?: { extensions?: { code?: string } }[];
  };
}

async function view(
  item: { itemType: string; itemId: number },
  options: { agent?: string; token?: string } = {},
) {
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/item-views',
    payload: item,
    headers: {
      ...(options.agent === undefined
        ? { 'user-agent': BROWSER }
        : options.agent
          ? { 'user-agent': options.agent }
          : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
  expect(response.statusCode).toBe(204);
}

const viewsOf = async (itemType: string, itemId: number) =>
  app.context.pool.oneFirst(sql.type(z.object({ views: z.number() }))`
    select coalesce(sum(views), 0)::int as views from item_views_daily where item_type = ${itemType} and item_id = ${itemId}`);

beforeAll(async () => {
  app = await createTestApp();
  [author, other, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  skin = await addSkin(app, { authorId: author.id, priceCents: 1000 });
  free = await addSkin(app, { authorId: author.id, priceCents: 0 });
  bundle = await addBundle(app, { authorId: author.id, priceCents: 2500, skinIds: [skin.id] });
});
afterAll(async () => {
  await app.close();
});

describe('item page views', () => {
  it('count people’s views per item and day, not bots, scripts without a user agent or the author', async () => {
    await view({ itemType: 'SKIN', itemId: skin.id });
    await view({ itemType: 'SKIN', itemId: skin.id }, { token: other.token });
    await view({ itemType: 'SKIN', itemId: skin.id }, { token: admin.token });
    await view({ itemType: 'SKIN', itemId: skin.id }, { agent: BOT });
    await view({ itemType: 'SKIN', itemId: skin.id }, { agent: '' });
    await view({ itemType: 'SKIN', itemId: skin.id }, { token: author.token });
    await view({ itemType: 'BUNDLE', itemId: bundle.id });
    expect(await viewsOf('SKIN', skin.id)).toBe(3);
    expect(await viewsOf('BUNDLE', bundle.id)).toBe(1);
    // Nothing about the viewer is kept: the table has the item, the day and the count.
    const columns = await app.context.pool.anyFirst(sql.type(z.object({ column_name: z.string() }))`
      select column_name from information_schema.columns where table_name = 'item_views_daily' order by 1`);
    expect(columns).toEqual(['day', 'item_id', 'item_type', 'views']);
  });

  it('answers 204 for an item that does not exist (nothing counted) and 400 for a malformed body', async () => {
    await view({ itemType: 'SKIN', itemId: 987_654 });
    expect(await viewsOf('SKIN', 987_654)).toBe(0);
    const bad = await postJson(app, '/api/item-views', { itemType: 'SHOE', itemId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'BAD_USER_INPUT' });
  });
});

describe('the Creativity Dashboard’s per-item figures', () => {
  it('show views, downloads, purchases, conversion and revenue by sale, code and full price', async () => {
    const sale = { source: 'SALE' as const, id: 'sale-1', label: 'Winter sale', cents: 200 };
    const code = { source: 'CODE' as const, id: 'code-1', label: 'FRIENDS', cents: 100 };
    const item = (price: number, reductions?: (typeof sale | typeof code)[]) => ({
      itemType: 'SKIN' as const,
      itemId: skin.id,
      name: skin.title,
      authorId: author.id,
      priceCents: price,
      ...(reductions ? { reductions } : {}),
    });
    // A sale, a sale with a code on it (still the sale), a code alone, and a full price.
    const orders = [
      await appendPaidVatOrder(app, { buyerId: other.id, items: [item(800, [sale])] }),
      await appendPaidVatOrder(app, { buyerId: other.id, items: [item(700, [sale, code])] }),
      await appendPaidVatOrder(app, { buyerId: other.id, items: [item(900, [code])] }),
      await appendPaidVatOrder(app, { buyerId: other.id, items: [item(1000)] }),
      // Paid before views were counted: in the purchases and revenue, not in the conversion.
      await appendPaidVatOrder(app, {
        buyerId: other.id,
        items: [item(1000)],
        paidAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000),
      }),
    ];
    await app.context.runner.catchUp();

    const body = await report(author);
    expect(body.errors).toBeUndefined();
    const figures = body.data!.myItemPerformance;
    expect(figures.viewsSince).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = figures.items.find((entry) => entry.itemType === 'SKIN' && Number(entry.itemId) === skin.id)!;
    expect(row).toMatchObject({ views: 3, purchases: 5, conversion: 1.3333, revenue: 44 });
    const share = (index: number) =>
      orders[index]!.items.reduce((sum, ordered) => sum + ordered.authorShareCents, 0) / 100;
    expect(row.bySource).toEqual([
      {
        source: 'SALE',
        purchases: 2,
        revenue: 15,
        authorShare: share(0) + share(1),
        refunds: 0,
        refunded: 0,
      },
      { source: 'CODE', purchases: 1, revenue: 9, authorShare: share(2), refunds: 0, refunded: 0 },
      {
        source: 'FULL_PRICE',
        purchases: 2,
        revenue: 20,
        authorShare: Math.round((share(3) + share(4)) * 100) / 100,
        refunds: 0,
        refunded: 0,
      },
    ]);
    // Most revenue first; the free skin and the bundle are listed with their own figures.
    expect(figures.items[0]!.itemId).toBe(String(skin.id));
    const freeRow = figures.items.find(
      (entry) => Number(entry.itemId) === free.id && entry.itemType === 'SKIN',
    )!;
    expect(freeRow).toMatchObject({ views: 0, purchases: 0, conversion: null, revenue: 0, downloads: 0 });
    const bundleRow = figures.items.find((entry) => entry.itemType === 'BUNDLE')!;
    expect(bundleRow).toMatchObject({ views: 1, downloads: null, purchases: 0, conversion: 0 });
  });

  it('are the viewer’s own: anonymous is refused, another user and an admin see only their own items', async () => {
    expect((await report()).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await report(other)).data!.myItemPerformance.items).toEqual([]);
    expect((await report(admin)).data!.myItemPerformance.items).toEqual([]);
  });
});
