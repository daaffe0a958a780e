import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardCheckout, checkoutForm, orderBySession, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { testImage, upload, uploadSkinFiles } from '../support/upload-files';

/** What a spreadsheet would run as a formula (OWASP "CSV Injection"), as skin and bundle titles. */
const FORMULA_TITLES = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '@SUM(1+1)', '-2+3+cmd'];
/** An author name of the same kind: accepted by registration, so it must be harmless in any export. */
const FORMULA_NAME = '@SUM(1+1)';
/** A cell a spreadsheet runs, unless it is a plain number ("-2.50"). */
const RUNS_AS_FORMULA = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell);

let app: TestApp;
let authorToken: string;
let admin: Awaited<ReturnType<typeof createUser>>;
let buyer: Awaited<ReturnType<typeof createUser>>;

async function gql(query: string, variables: Record<string, unknown>, token: string) {
  const { body } = await graphql(app, query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** A paid order through the local card checkout, allocated to the author's payout. */
async function buy(cart: { skins?: number[]; bundles?: number[] }) {
  const { reference } = await cardCheckout(app, checkoutForm(cart), buyer.token);
  await payLocally(app, reference);
  await app.context.runner.catchUp();
  return orderBySession(app, reference);
}

beforeAll(async () => {
  app = await createTestApp();
  [admin, buyer] = await Promise.all([createUser(app, { roles: ['regular', 'admin'] }), createUser(app)]);
  // The author registers as anyone does, under a name that reads as a formula.
  const registered = await app.server.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: FORMULA_NAME,
      email: 'formula-author@example.com',
      password: 'a-long-password',
      country: 'cz',
    },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  authorToken = registered.body.trim();
});
afterAll(async () => {
  await app.close();
});

describe('the payout statement CSV', () => {
  it('gives every title and name a leading apostrophe and keeps negative amounts numbers', async () => {
    // The author publishes paid skins and a bundle titled as formulas, through the editor's calls.
    const skinIds: number[] = [];
    for (const title of FORMULA_TITLES) {
      const files = await uploadSkinFiles(app, authorToken);
      const data = await gql(
        `mutation ($dto: SkinInput!) { createSkin(dto: $dto) { id } }`,
        {
          dto: {
            title,
            description: 'A skin',
            type: 'TM2020',
            price: 20,
            images: [{ id: files.imageIds[0], temporary: true, type: 'IMAGE', order: 0 }],
            skinSource: { id: files.zipId, temporary: true, type: 'SKIN_SOURCE', order: 0 },
          },
        },
        authorToken,
      );
      skinIds.push(Number(data.createSkin.id));
    }
    const image = await upload(app, 'IMAGE', 'bundle.png', await testImage(), authorToken);
    const bundle = await gql(
      `mutation ($dto: BundleInput!) { createBundle(dto: $dto) { id } }`,
      {
        dto: {
          title: FORMULA_TITLES[0],
          description: 'All of them',
          type: 'TM2020',
          price: 30,
          skins: skinIds.map((id) => ({ id: String(id) })),
          images: [{ id: image.body.id, temporary: true, type: 'IMAGE', order: 0 }],
        },
      },
      authorToken,
    );

    // Each skin sold alone and the bundle sold; the payout is locked, then one order is refunded:
    // the share comes back as a negative adjustment line in the next payout.
    const orders = [];
    for (const id of skinIds) orders.push(await buy({ skins: [id] }));
    await buy({ bundles: [Number(bundle.createBundle.id)] });
    await gql(
      `mutation ($dto: UpdateMyUserInput!) { updateMyUser(dto: $dto) { id } }`,
      {
        dto: { payoutMethod: 'PAYPAL', paypalAccount: 'formula-author@example.com', fullname: 'Alex Author' },
      },
      authorToken,
    );
    const pending = await gql(`{ myPayouts { content { id } } }`, {}, authorToken);
    await gql(
      `mutation ($id: ID!) { lockPayout(id: $id) { id } }`,
      { id: pending.myPayouts.content[0].id },
      admin.token,
    );
    await gql(
      `mutation ($id: ID!) { refundOrder(id: $id) { success } }`,
      { id: String(orders[0]!.id) },
      admin.token,
    );
    await app.context.runner.catchUp();

    const { myPayouts } = await gql(`{ myPayouts { content { id } } }`, {}, authorToken);
    const payoutIds = (myPayouts.content as { id: string }[]).map((payout) => payout.id);
    expect(payoutIds.length).toBeGreaterThan(0);
    const cells: string[][] = [];
    let header: string[] = [];
    for (const id of payoutIds) {
      const response = await app.server.inject({
        method: 'GET',
        url: `/api/payouts/${id}/statement.csv`,
        headers: { authorization: `Bearer ${authorToken}` },
      });
      expect(response.statusCode).toBe(200);
      const [head, ...rows] = parse(response.body, { bom: true }) as string[][];
      header = head!;
      cells.push(...rows);
    }
    const column = (name: string) => header.indexOf(name);

    // Every title came through, each with its apostrophe; the bundle's line is there too.
    const items = cells.map((row) => row[column('item')]);
    for (const title of FORMULA_TITLES) expect(items).toContain(`'${title}`);
    expect(items.filter((item) => item === `'${FORMULA_TITLES[0]}`).length).toBeGreaterThanOrEqual(2);
    // Nothing in any cell runs as a formula, the author's name included wherever it shows.
    expect(cells.flat().filter(RUNS_AS_FORMULA)).toEqual([]);
    expect(cells.flat()).not.toContain(FORMULA_NAME);

    // The refund adjustment takes the share back: negative amounts, written as plain numbers.
    const adjustment = cells.find((row) => row[column('line')] === 'refund adjustment');
    expect(adjustment).toBeDefined();
    const share = adjustment![column('author share EUR')]!;
    expect(share).toMatch(/^-\d+\.\d{2}$/);
    expect(Number(share)).toBeLessThan(0);
  });
});
