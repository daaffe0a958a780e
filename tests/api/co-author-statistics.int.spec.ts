import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reconcileAll } from '../../app/reconcile/reconcile';
import {
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  payLocally,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Co-authors in the sales statistics (docs/statistics.md, docs/co-authors.md): a sale of a
// co-authored skin shows on both authors' dashboards, each with the item's whole author share and
// their own part; the site counts the sale once; reconcile recomputes both statistics projections.
let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let coAuthor: User;
let other: User;
let admin: User;
let skin: ShopItem;
/** The author shares of the sale sold alone (before acceptance) and of the co-authored one. */
let aloneShare: number;
let splitShare: number;
let ownerPart: number;
let coPart: number;

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
};
async function run(query: string, variables: Record<string, unknown>, token?: string): Promise<Body> {
  return (await graphql(app, query, variables, token)).body as Body;
}
const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;
const euros = (cents: number) => cents / 100;

const ITEMS = `{ myItemPerformance { items { itemId title viewerIsOwner purchases revenue authorShare authorPart
  bySource { source purchases authorShare authorPart } } } }`;
const BEST = `query ($site: Boolean) { skinPurchasePopularity(site: $site) { skin { id } totalCount authorShare authorPart } }`;
const EARNINGS = `query ($site: Boolean) { earningsHistory(site: $site) { itemsSold earnings } }`;

type ItemRow = {
  itemId: string;
  viewerIsOwner: boolean;
  purchases: number;
  authorShare: number;
  authorPart: number;
  bySource: { source: string; purchases: number; authorShare: number; authorPart: number }[];
};
async function itemsOf(user: User): Promise<ItemRow[]> {
  const body = await run(ITEMS, {}, user.token);
  expect(body.errors).toBeUndefined();
  return (body.data?.myItemPerformance as { items: ItemRow[] }).items;
}
type BestRow = {
  skin: { id: string };
  totalCount: number;
  authorShare: number | null;
  authorPart: number | null;
};
async function bestOf(user: User, site = false): Promise<BestRow[]> {
  const body = await run(BEST, { site }, user.token);
  expect(body.errors).toBeUndefined();
  return body.data?.skinPurchasePopularity as BestRow[];
}
async function earningsOf(user: User, site = false) {
  const body = await run(EARNINGS, { site }, user.token);
  expect(body.errors).toBeUndefined();
  const rows = body.data?.earningsHistory as { itemsSold: number; earnings: number }[];
  return {
    itemsSold: rows.reduce((sum, row) => sum + row.itemsSold, 0),
    cents: rows.reduce((sum, row) => sum + Math.round(row.earnings * 100), 0),
  };
}

/** A guest buys (a new email each time); the catch-up projections catch up. */
async function buy(itemId: number) {
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [itemId] }));
  await payLocally(app, reference);
  await app.context.runner.catchUp();
  return orderBySession(app, reference);
}
const orderShare = (orderId: number) =>
  app.context.pool.oneFirst(sql.type(z.object({ author_share_cents: z.number() }))`
    select author_share_cents from order_items where order_id = ${orderId}`);
const partOf = (orderId: number, authorId: number) =>
  app.context.pool.oneFirst(sql.type(z.object({ author_share_cents: z.number() }))`
    select l.author_share_cents from payout_lines l join payouts p on p.id = l.payout_id
    where l.order_id = ${orderId} and p.author_id = ${authorId}`);

beforeAll(async () => {
  app = await createTestApp();
  [owner, coAuthor, other, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  skin = await addSkin(app, { authorId: owner.id, priceCents: 1000 });
  aloneShare = await orderShare((await buy(skin.id)).id);

  const invite = await run(
    `mutation ($itemId: ID!, $username: String!) {
       inviteCoAuthor(itemType: SKIN, itemId: $itemId, username: $username, weight: 1) { viewerIsOwner } }`,
    { itemId: skin.id, username: coAuthor.username },
    owner.token,
  );
  expect(invite.errors).toBeUndefined();
  const accept = await run(
    `mutation ($itemId: ID!) { answerCoAuthorInvitation(itemType: SKIN, itemId: $itemId, accept: true) }`,
    { itemId: skin.id },
    coAuthor.token,
  );
  expect(accept.errors).toBeUndefined();
  const weights = await run(
    `mutation ($itemId: ID!, $weights: [CoAuthorWeightInput!]!) {
       setCoAuthorWeights(itemType: SKIN, itemId: $itemId, weights: $weights) { viewerIsOwner } }`,
    {
      itemId: skin.id,
      weights: [
        { authorId: String(owner.id), weight: 2 },
        { authorId: String(coAuthor.id), weight: 1 },
      ],
    },
    owner.token,
  );
  expect(weights.errors).toBeUndefined();
  const split = await buy(skin.id);
  splitShare = await orderShare(split.id);
  ownerPart = await partOf(split.id, owner.id);
  coPart = await partOf(split.id, coAuthor.id);
});
afterAll(async () => {
  await app.close();
});

describe('a co-authored skin in the sales statistics', () => {
  it('the parts of the sale add up to its author share (as the payouts hold them)', () => {
    expect(ownerPart + coPart).toBe(splitShare);
    expect(coPart).toBeGreaterThan(0);
    expect(ownerPart).toBeGreaterThan(coPart);
  });

  it("the owner's per-item row: both sales, the whole author shares before the split and the owner's part after it", async () => {
    const row = (await itemsOf(owner)).find((item) => item.itemId === String(skin.id));
    expect(row).toMatchObject({
      viewerIsOwner: true,
      purchases: 2,
      authorShare: euros(aloneShare + splitShare),
      authorPart: euros(aloneShare + ownerPart),
    });
    expect(row!.bySource.find((s) => s.source === 'FULL_PRICE')).toEqual({
      source: 'FULL_PRICE',
      purchases: 2,
      authorShare: euros(aloneShare + splitShare),
      authorPart: euros(aloneShare + ownerPart),
    });
  });

  it("the co-author's dashboard lists the skin with their part of the sale made after they accepted", async () => {
    const row = (await itemsOf(coAuthor)).find((item) => item.itemId === String(skin.id));
    expect(row).toMatchObject({
      viewerIsOwner: false,
      purchases: 1,
      authorShare: euros(splitShare),
      authorPart: euros(coPart),
    });
    const [best] = await bestOf(coAuthor);
    expect(best).toEqual({
      skin: { id: String(skin.id) },
      totalCount: 1,
      authorShare: euros(splitShare),
      authorPart: euros(coPart),
    });
    expect(await earningsOf(coAuthor)).toEqual({ itemsSold: 1, cents: coPart });
  });

  it("the owner's best sellers and earnings hold the owner's parts", async () => {
    const [best] = await bestOf(owner);
    expect(best).toEqual({
      skin: { id: String(skin.id) },
      totalCount: 2,
      authorShare: euros(aloneShare + splitShare),
      authorPart: euros(aloneShare + ownerPart),
    });
    expect(await earningsOf(owner)).toEqual({ itemsSold: 2, cents: aloneShare + ownerPart });
  });

  it('another user and an admin see none of it as their own; anonymous callers are refused', async () => {
    expect((await itemsOf(other)).some((item) => item.itemId === String(skin.id))).toBe(false);
    expect(await bestOf(other)).toEqual([]);
    expect(await earningsOf(other)).toEqual({ itemsSold: 0, cents: 0 });
    expect((await itemsOf(admin)).some((item) => item.itemId === String(skin.id))).toBe(false);
    expect(codeOf(await run(ITEMS, {}))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(BEST, { site: false }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(EARNINGS, { site: false }))).toBe('UNAUTHENTICATED');
    // Only admins read the site's figures.
    expect(codeOf(await run(BEST, { site: true }, coAuthor.token))).toBe('FORBIDDEN');
  });

  it("the site counts the co-authored sale once, with its whole author share, and names no author's part", async () => {
    const [best] = await bestOf(admin, true);
    expect(best).toEqual({
      skin: { id: String(skin.id) },
      totalCount: 2,
      authorShare: null,
      authorPart: null,
    });
    expect(await earningsOf(admin, true)).toEqual({ itemsSold: 2, cents: aloneShare + splitShare });
  });

  it('reconcile recomputes the sales statistics and the per-item sales with the split: clean', async () => {
    const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(report.sales.differences).toEqual([]);
    expect(report.itemSales.differences).toEqual([]);
    expect(report.itemSales.eventsRead).toBeGreaterThanOrEqual(4);
    expect(report.differences).toBe(0);
  });

  it.each([
    ['item_sales_by_source', 'author_part_cents', `author_id = $co`, 'item_type, item_id, source, author_id'],
    ['item_sales_daily', 'sold_count', 'true', 'item_type, item_id, day'],
    ['item_sales_orders', 'items', 'true', 'order_id'],
    ['sales_item_author_monthly', 'part_cents', `author_id = $co`, 'item_type, item_id, author_id, month'],
  ])('reconcile names a change planted in %s', async (table, column, where, keys) => {
    const row = `(${keys}) = (select ${keys} from ${table} where ${where.replace('$co', String(coAuthor.id))}
      order by ${keys} limit 1)`;
    const [change, undo] =
      column === 'items'
        ? [
            `update ${table} set items = items || '[{"planted": true}]' where ${row}`,
            `update ${table} set items = items - (jsonb_array_length(items) - 1) where ${row}`,
          ]
        : [
            `update ${table} set ${column} = ${column} + 1 where ${row}`,
            `update ${table} set ${column} = ${column} - 1 where ${row}`,
          ];
    const client = new pg.Client({ connectionString: app.db.url });
    await client.connect();
    try {
      await client.query(change);
      const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
      const found = [...report.sales.differences, ...report.itemSales.differences];
      expect(found.map((d) => [d.table, d.rows])).toEqual([[table, 1]]);
      expect(Object.keys(found[0]!.key).join(', ')).toBe(keys);
      expect(report.differences).toBe(1);
    } finally {
      await client.query(undo);
      await client.end();
    }
  });
});
