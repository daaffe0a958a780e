import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../support/outbox';
import { addSkin, cardCheckout, checkoutForm, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Authors are told about their own work through the public API: a skin taken down or restored by
// an admin, a payout sent. One notification in the bell and one mail each; nobody else is told.

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { roles: ['regular', 'admin'] });
});
afterAll(async () => {
  await app.close();
});

type Body = { data?: any; errors?: { message: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
async function ok(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = (await graphql(app, query, variables, token)) as { body: Body };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

const TAKE_DOWN = `mutation ($t: ModeratedItemType!, $id: ID!, $reason: String!) {
  takeDownItem(itemType: $t, itemId: $id, ground: NO_RIGHTS, reason: $reason) { id success } }`;
const RESTORE = `mutation ($t: ModeratedItemType!, $id: ID!, $reason: String) {
  restoreItem(itemType: $t, itemId: $id, reason: $reason) { id success } }`;
const MY_NOTIFICATIONS = `query { myNotifications(page: { page: 0, size: 50 }) {
  content { kind message link read } } }`;
const MY_PAYOUTS = `query { myPayouts { content { id } } }`;
const UPDATE_USER = `mutation ($dto: UpdateMyUserInput!) { updateMyUser(dto: $dto) { id } }`;

const plain = (text: string) => text.replace(/\s/g, ' ');

async function notificationsOf(user: User) {
  await app.context.runner.catchUp();
  const { myNotifications } = await ok(MY_NOTIFICATIONS, {}, user.token);
  return (myNotifications.content as { kind: string; message: string; link: string }[]).map((row) => ({
    ...row,
    message: plain(row.message),
  }));
}

describe("an author's notices", () => {
  it('tells the author when an admin takes a skin down and restores it, in the bell and by mail', async () => {
    const [author, bystander] = [await createUser(app), await createUser(app)];
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0, title: 'Noticed Livery' });
    await ok(TAKE_DOWN, { t: 'SKIN', id: String(skin.id), reason: 'Copied artwork' }, admin.token);
    // A takedown that names its rule is told as a statement of reasons (statements.int.spec.ts).
    expect(await notificationsOf(author)).toEqual([
      {
        kind: 'STATEMENT_OF_REASONS',
        message:
          'Your skin “Noticed Livery” was taken down under rule 14.2 of the terms. Read why and how to appeal.',
        link: expect.stringMatching(/^\/me\/statements#statement-\d+$/),
        read: false,
      },
    ]);
    const takenDown = await waitForMail(app.context.mailer.outboxDir, author.email, 'statement of reasons');
    expect(takenDown.subject).toBe(
      'TrackSkins: statement of reasons (your skin “Noticed Livery” was taken down)',
    );
    expect(takenDown.text).toContain('Facts: Copied artwork');
    expect(takenDown.text).toContain(`/skins/${skin.url}`);

    await ok(RESTORE, { t: 'SKIN', id: String(skin.id), reason: null }, admin.token);
    expect((await notificationsOf(author))[0]).toMatchObject({
      kind: 'RESTORED',
      message: 'Noticed Livery is visible to everyone again',
    });
    const restored = await waitForMail(app.context.mailer.outboxDir, author.email, 'is visible again');
    expect(restored.text).toContain('everyone can see it again');

    expect(await notificationsOf(bystander)).toEqual([]);
    expect(await notificationsOf(admin)).toEqual([]);
  });

  it('tells the author when a payout of theirs is sent, with the amount and where it went', async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 9000, title: 'Payout Livery' });
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), admin.token);
    await payLocally(app, reference);
    await app.context.runner.catchUp();
    await ok(
      UPDATE_USER,
      {
        dto: {
          payoutMethod: 'PAYPAL',
          paypalAccount: `${author.username}@example.com`,
          fullname: 'Alex Author',
        },
      },
      author.token,
    );
    const [{ id }] = (await ok(MY_PAYOUTS, {}, author.token)).myPayouts.content;
    await ok(`mutation ($id: ID!) { lockPayout(id: $id) { id } }`, { id }, admin.token);
    await ok(`mutation ($id: ID!) { sendPayout(id: $id) { id } }`, { id }, admin.token);

    const notices = await notificationsOf(author);
    expect(notices.map((row) => row.kind)).toEqual(['PAYOUT_SENT', 'SALE']);
    expect(notices[0]).toMatchObject({
      message: expect.stringMatching(new RegExp(`^Payout ${id} sent: \\d+,\\d\\d € to your PayPal account$`)),
      link: `/me/payouts/${id}`,
    });
    const mail = await waitForMail(app.context.mailer.outboxDir, author.email, `payout ${id} of`);
    expect(plain(mail.text)).toMatch(
      new RegExp(`your payout ${id} of \\d+,\\d\\d € was sent to your PayPal account`),
    );
    expect(mail.html).toContain(`/me/payouts/${id}`);
  });
});
