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

// Co-authors through the API (docs/co-authors.md): invite, accept, weights, the split of a sale into
// each author's payout, a refund taking both parts back, the preview, and who may do what.
let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let coAuthor: User;
let other: User;
let admin: User;
let skin: ShopItem;

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
};
async function run(query: string, variables: Record<string, unknown>, token?: string): Promise<Body> {
  return (await graphql(app, query, variables, token)).body as Body;
}
const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;

const AUTHORS = `authors { author { id username } role weight invitedAt acceptedAt }`;
const INVITE = `mutation ($itemId: ID!, $username: String!, $weight: Int!) {
  inviteCoAuthor(itemType: SKIN, itemId: $itemId, username: $username, weight: $weight) { viewerIsOwner ${AUTHORS} } }`;
const ANSWER = `mutation ($itemId: ID!, $accept: Boolean!) {
  answerCoAuthorInvitation(itemType: SKIN, itemId: $itemId, accept: $accept) }`;
const WEIGHTS = `mutation ($itemId: ID!, $weights: [CoAuthorWeightInput!]!) {
  setCoAuthorWeights(itemType: SKIN, itemId: $itemId, weights: $weights) { ${AUTHORS} } }`;
const REMOVE = `mutation ($itemId: ID!, $authorId: ID!) {
  removeCoAuthor(itemType: SKIN, itemId: $itemId, authorId: $authorId) { ${AUTHORS} } }`;
const LEAVE = `mutation ($itemId: ID!) { leaveCoAuthorship(itemType: SKIN, itemId: $itemId) }`;
const ITEM_CO_AUTHORS = `query ($itemId: ID!) { itemCoAuthors(itemType: SKIN, itemId: $itemId) { viewerIsOwner title ${AUTHORS} } }`;
const PREVIEW = `query ($itemId: ID!, $weights: [CoAuthorWeightInput!]!) {
  coAuthorSplitPreview(itemType: SKIN, itemId: $itemId, weights: $weights) {
    saleCount authorShare lines { author { id } weight currentWeight current preview } } }`;
const INVITATIONS = `{ myCoAuthorInvitations { itemId title owner { id } weight } }`;
const MY_PAYOUTS = `{ myPayouts { content { id amount
  totals { authorShare coAuthors }
  items { name authorReward itemAuthorShare shareWeight shareTotalWeight adjustment } } } }`;

const lineRow = z.object({
  author_id: z.number(),
  author_share_cents: z.number(),
  item_author_share_cents: z.number().nullable(),
});
async function linesOfOrder(orderId: number) {
  return app.context.pool.any(sql.type(lineRow)`
    select p.author_id, l.author_share_cents, l.item_author_share_cents
    from payout_lines l join payouts p on p.id = l.payout_id
    where l.order_id = ${orderId} order by p.author_id, l.line_no`);
}
const orderShare = (orderId: number) =>
  app.context.pool.oneFirst(sql.type(z.object({ author_share_cents: z.number() }))`
    select author_share_cents from order_items where order_id = ${orderId}`);

/** A guest buys (a new email each time, so the same skin can be bought again). */
async function buy(itemId: number) {
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [itemId] }));
  await payLocally(app, reference);
  await app.context.runner.catchUp();
  return orderBySession(app, reference);
}

beforeAll(async () => {
  app = await createTestApp();
  [owner, coAuthor, other, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  skin = await addSkin(app, { authorId: owner.id, priceCents: 1000 });
});
afterAll(async () => {
  await app.close();
});

describe('co-authors of a skin', () => {
  it('only the owner invites: anonymous, another user and an admin are refused', async () => {
    const variables = { itemId: skin.id, username: coAuthor.username, weight: 1 };
    expect(codeOf(await run(INVITE, variables))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(INVITE, variables, other.token))).toBe('FORBIDDEN');
    expect(codeOf(await run(INVITE, variables, admin.token))).toBe('FORBIDDEN');
    expect(codeOf(await run(INVITE, { ...variables, username: 'nobody_by_this_name' }, owner.token))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await run(INVITE, { ...variables, weight: 0 }, owner.token))).toBe('BAD_USER_INPUT');
    expect(codeOf(await run(INVITE, { ...variables, username: owner.username }, owner.token))).toBe(
      'BAD_USER_INPUT',
    );

    const invited = await run(INVITE, variables, owner.token);
    expect(invited.errors).toBeUndefined();
    expect(invited.data?.inviteCoAuthor).toMatchObject({
      viewerIsOwner: true,
      authors: [
        { author: { id: String(owner.id) }, role: 'OWNER', weight: 1 },
        { author: { id: String(coAuthor.id) }, role: 'INVITED', weight: 1, acceptedAt: null },
      ],
    });
    expect(codeOf(await run(INVITE, variables, owner.token))).toBe('CONFLICT');
  });

  it('the invitee sees the invitation; others cannot answer it and see no co-authors', async () => {
    const invitations = await run(INVITATIONS, {}, coAuthor.token);
    expect(invitations.data?.myCoAuthorInvitations).toEqual([
      { itemId: String(skin.id), title: skin.title, owner: { id: String(owner.id) }, weight: 1 },
    ]);
    expect(codeOf(await run(INVITATIONS, {}))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(ANSWER, { itemId: skin.id, accept: true }, other.token))).toBe('NOT_FOUND');
    expect(codeOf(await run(ANSWER, { itemId: skin.id, accept: true }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(ITEM_CO_AUTHORS, { itemId: skin.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(ITEM_CO_AUTHORS, { itemId: skin.id }, other.token))).toBe('FORBIDDEN');
    for (const viewer of [owner, coAuthor, admin]) {
      const seen = await run(ITEM_CO_AUTHORS, { itemId: skin.id }, viewer.token);
      expect(seen.errors).toBeUndefined();
      expect((seen.data?.itemCoAuthors as { viewerIsOwner: boolean }).viewerIsOwner).toBe(viewer === owner);
    }
  });

  it('before acceptance nothing changes: a sale is the owner’s alone', async () => {
    const order = await buy(skin.id);
    const share = await orderShare(order.id);
    expect(await linesOfOrder(order.id)).toEqual([
      { author_id: owner.id, author_share_cents: share, item_author_share_cents: null },
    ]);
  });

  it('after acceptance and weights 2:1, a sale lands in two payouts whose parts add up to the author share', async () => {
    const accepted = await run(ANSWER, { itemId: skin.id, accept: true }, coAuthor.token);
    expect(accepted.data?.answerCoAuthorInvitation).toBe(true);
    const weights = [
      { authorId: String(owner.id), weight: 2 },
      { authorId: String(coAuthor.id), weight: 1 },
    ];
    // Only the owner sets weights.
    expect(codeOf(await run(WEIGHTS, { itemId: skin.id, weights }, coAuthor.token))).toBe('FORBIDDEN');
    expect(codeOf(await run(WEIGHTS, { itemId: skin.id, weights }, admin.token))).toBe('FORBIDDEN');
    expect(codeOf(await run(WEIGHTS, { itemId: skin.id, weights: weights.slice(0, 1) }, owner.token))).toBe(
      'BAD_USER_INPUT',
    );
    const set = await run(WEIGHTS, { itemId: skin.id, weights }, owner.token);
    expect(set.errors).toBeUndefined();

    const order = await buy(skin.id);
    const share = await orderShare(order.id);
    const lines = await linesOfOrder(order.id);
    const [ownerId, coId] = [owner.id, coAuthor.id];
    expect(lines.map((l) => l.author_id).sort()).toEqual([ownerId, coId].sort());
    expect(lines.every((l) => l.item_author_share_cents === share)).toBe(true);
    expect(lines.reduce((sum, l) => sum + l.author_share_cents, 0)).toBe(share);
    const ownerPart = lines.find((l) => l.author_id === ownerId)!.author_share_cents;
    expect(ownerPart).toBe(Math.round((share * 2) / 3));

    // The co-author's payout statement shows the item's whole share and their part.
    const payouts = await run(MY_PAYOUTS, {}, coAuthor.token);
    const [payout] = (
      payouts.data?.myPayouts as {
        content: { totals: { authorShare: number; coAuthors: number }; items: unknown[] }[];
      }
    ).content;
    expect(payout!.items).toEqual([
      {
        name: skin.title,
        authorReward: (share - ownerPart) / 100,
        itemAuthorShare: share / 100,
        shareWeight: 1,
        shareTotalWeight: 3,
        adjustment: false,
      },
    ]);
    expect(payout!.totals).toEqual({ authorShare: (share - ownerPart) / 100, coAuthors: ownerPart / 100 });

    // The public pages name the co-author; their author page lists the skin.
    const pub = await run(
      `query ($skinUrl: String!, $url: String!) { skin(url: $skinUrl) { author { id } coAuthors { id username } }
         author(url: $url) { coAuthoredSkins { id } } }`,
      { skinUrl: skin.url, url: coAuthor.url },
    );
    expect(pub.errors).toBeUndefined();
    expect(pub.data).toEqual({
      skin: {
        author: { id: String(ownerId) },
        coAuthors: [{ id: String(coId), username: coAuthor.username }],
      },
      author: { coAuthoredSkins: [{ id: String(skin.id) }] },
    });

    // Reconcile: every part in its author's payout, the parts adding up to the share.
    const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(report.payouts.problems).toEqual([]);
    expect(report.payouts.unbalancedAuthors).toEqual([]);
    expect(report.differences).toBe(0);

    // A refund takes back each author's part from their own payout.
    const refunded = await run(
      `mutation ($id: ID!) { refundOrder(id: $id) { success } }`,
      { id: String(order.id) },
      admin.token,
    );
    expect(refunded.errors).toBeUndefined();
    await app.context.runner.catchUp();
    expect(await linesOfOrder(order.id)).toEqual([]);
    const after = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(after.payouts.unbalancedAuthors).toEqual([]);
    expect(after.differences).toBe(0);
  });

  it('the owner previews the last 30 days under other weights; nobody else does but an admin', async () => {
    const weights = [
      { authorId: String(owner.id), weight: 1 },
      { authorId: String(coAuthor.id), weight: 1 },
    ];
    expect(codeOf(await run(PREVIEW, { itemId: skin.id, weights }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(PREVIEW, { itemId: skin.id, weights }, other.token))).toBe('FORBIDDEN');
    expect(codeOf(await run(PREVIEW, { itemId: skin.id, weights }, coAuthor.token))).toBe('FORBIDDEN');
    expect((await run(PREVIEW, { itemId: skin.id, weights }, admin.token)).errors).toBeUndefined();
    const body = await run(PREVIEW, { itemId: skin.id, weights }, owner.token);
    expect(body.errors).toBeUndefined();
    const preview = body.data?.coAuthorSplitPreview as {
      saleCount: number;
      authorShare: number;
      lines: {
        author: { id: string };
        weight: number;
        currentWeight: number;
        current: number;
        preview: number;
      }[];
    };
    // The first sale is paid and kept; the second was refunded and is left out.
    expect(preview.saleCount).toBe(1);
    const share = Math.round(preview.authorShare * 100);
    expect(preview.lines.map((l) => [l.author.id, l.currentWeight, l.weight])).toEqual([
      [String(owner.id), 2, 1],
      [String(coAuthor.id), 1, 1],
    ]);
    expect(preview.lines.map((l) => Math.round(l.preview * 100))).toEqual([
      Math.ceil(share / 2),
      Math.floor(share / 2),
    ]);
    expect(preview.lines.reduce((sum, l) => sum + Math.round(l.current * 100), 0)).toBe(share);
  });

  it('a co-author leaves, the owner removes; later sales are the owner’s again', async () => {
    expect(codeOf(await run(LEAVE, { itemId: skin.id }, other.token))).toBe('NOT_FOUND');
    expect(
      codeOf(await run(REMOVE, { itemId: skin.id, authorId: String(coAuthor.id) }, coAuthor.token)),
    ).toBe('FORBIDDEN');
    expect((await run(LEAVE, { itemId: skin.id }, coAuthor.token)).data?.leaveCoAuthorship).toBe(true);
    const order = await buy(skin.id);
    expect((await linesOfOrder(order.id)).map((l) => l.author_id)).toEqual([owner.id]);
    // Invited again and removed by the owner before answering.
    await run(INVITE, { itemId: skin.id, username: coAuthor.username, weight: 3 }, owner.token);
    const removed = await run(REMOVE, { itemId: skin.id, authorId: String(coAuthor.id) }, owner.token);
    expect(removed.data?.removeCoAuthor).toMatchObject({ authors: [{ role: 'OWNER', weight: 2 }] });
    expect((await run(INVITATIONS, {}, coAuthor.token)).data?.myCoAuthorInvitations).toEqual([]);
  });
});
