import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockScheduledPayouts } from '../../api/payouts/lock-scheduled-payouts.handler';
import { reconcileAll } from '../../app/reconcile/reconcile';
import { addSkin, cardCheckout, checkoutForm, orderBySession, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { NOT_VAT_REGISTERED } from '../support/vat';

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let buyer: User;
let admin: User;

type GraphQLBody = {
  data?: Record<string, unknown>;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
};
const run = async (query: string, variables: Record<string, unknown>, token?: string) =>
  (await graphql(app, query, variables, token)).body as GraphQLBody;
const codeOf = (body: GraphQLBody) => body.errors?.[0]?.extensions?.code;

const UPDATE = `mutation ($input: PayoutPreferencesInput!) {
  updateMyPayoutPreferences(input: $input) { threshold schedule held minimumThreshold changedAt }
}`;
const OVERVIEW = `query { myPayoutOverview {
  preferences { threshold schedule held minimumThreshold changedAt }
  payoutMethod nextLock { lockAt payoutDate } openPayoutId balance owed estimatedDateNote
  refundsTakenBack { orderExternalId name amount fromPayoutId at }
} }`;
const MY_PAYOUTS = `query { myPayouts { content { id amount payoutStatus estimatedDateNote estimatedPayoutDate } } }`;
const UPDATE_USER = `mutation ($dto: UpdateMyUserInput!) { updateMyUser(dto: $dto) { id } }`;

type Overview = {
  preferences: {
    threshold: number;
    schedule: string;
    held: boolean;
    minimumThreshold: number;
    changedAt: string | null;
  };
  payoutMethod: string | null;
  nextLock: { lockAt: string; payoutDate: string } | null;
  openPayoutId: string | null;
  balance: number;
  owed: number;
  estimatedDateNote: string | null;
  refundsTakenBack: { orderExternalId: string; name: string; amount: number; fromPayoutId: string | null }[];
};

async function overview(user: User): Promise<Overview> {
  const body = await run(OVERVIEW, {}, user.token);
  expect(body.errors).toBeUndefined();
  return (body.data as { myPayoutOverview: Overview }).myPayoutOverview;
}

async function prefer(user: User, input: { threshold: number; schedule: string; held: boolean }) {
  const body = await run(UPDATE, { input }, user.token);
  expect(body.errors).toBeUndefined();
}

async function myPayouts(user: User) {
  const body = await run(MY_PAYOUTS, {}, user.token);
  expect(body.errors).toBeUndefined();
  return (
    body.data as {
      myPayouts: {
        content: { id: string; amount: number; payoutStatus: string; estimatedDateNote: string | null }[];
      };
    }
  ).myPayouts.content;
}

async function buy(skinId: number) {
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [skinId] }), buyer.token);
  await payLocally(app, reference);
  await app.context.runner.catchUp();
  return orderBySession(app, reference);
}

async function setBank(user: User) {
  const body = await run(
    UPDATE_USER,
    {
      dto: {
        payoutMethod: 'BANK_TRANSFER',
        fullname: 'Jana Nováková',
        street: 'Karlova 1',
        city: 'Praha',
        country: 'cz',
        bankAccountIban: 'DE89 3704 0044 0532 0130 00',
        bankAccountBic: 'COBADEFFXXX',
      },
    },
    user.token,
  );
  expect(body.errors).toBeUndefined();
}

async function setPayPal(user: User) {
  const body = await run(
    UPDATE_USER,
    {
      dto: { payoutMethod: 'PAYPAL', paypalAccount: `${user.username}@example.com`, fullname: 'Alex Author' },
    },
    user.token,
  );
  expect(body.errors).toBeUndefined();
}

/** Runs the schedule as its job would at `at` (the lock round under way then). */
async function scheduledLockAt(at: string) {
  const now = app.context.now;
  try {
    app.context.now = () => new Date(at);
    return (await lockScheduledPayouts(app.context)).locked;
  } finally {
    app.context.now = now;
  }
}

beforeAll(async () => {
  // The figures here are the fee rules' alone: an operator not registered for VAT.
  app = await createTestApp({ config: NOT_VAT_REGISTERED });
  [buyer, admin] = await Promise.all([createUser(app), createUser(app, { roles: ['regular', 'admin'] })]);
});
afterAll(async () => {
  await app.close();
});

describe('payout preferences', () => {
  it('are the defaults until the author chooses, then what they chose; nobody else changes them', async () => {
    const [author, other] = await Promise.all([createUser(app), createUser(app)]);
    expect((await overview(author)).preferences).toEqual({
      threshold: 50,
      schedule: 'TWICE_MONTHLY',
      held: false,
      minimumThreshold: 50,
      changedAt: null,
    });
    // Anonymous: refused both ways.
    expect(codeOf(await run(OVERVIEW, {}))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(UPDATE, { input: { threshold: 80, schedule: 'QUARTERLY', held: false } }))).toBe(
      'UNAUTHENTICATED',
    );
    // The owner.
    await prefer(author, { threshold: 80.5, schedule: 'QUARTERLY', held: false });
    const mine = await overview(author);
    expect(mine.preferences).toMatchObject({ threshold: 80.5, schedule: 'QUARTERLY', held: false });
    expect(mine.preferences.changedAt).not.toBeNull();
    // Another user and an admin change only their own.
    await prefer(other, { threshold: 200, schedule: 'MONTHLY', held: true });
    await prefer(admin, { threshold: 60, schedule: 'MONTHLY', held: false });
    expect((await overview(author)).preferences).toMatchObject({ threshold: 80.5, schedule: 'QUARTERLY' });
    expect((await overview(other)).preferences).toMatchObject({ threshold: 200, held: true });
  });

  it('refuses a threshold under the site minimum or a schedule it does not know, clearly', async () => {
    const author = await createUser(app);
    const low = await run(
      UPDATE,
      { input: { threshold: 49.99, schedule: 'MONTHLY', held: false } },
      author.token,
    );
    expect(codeOf(low)).toBe('BAD_USER_INPUT');
    expect(low.errors?.[0]?.message.replace(/\u00a0/g, ' ')).toContain(
      'at least the minimum payout of 50,00 €',
    );
    const cents = await run(
      UPDATE,
      { input: { threshold: 60.005, schedule: 'MONTHLY', held: false } },
      author.token,
    );
    expect(codeOf(cents)).toBe('BAD_USER_INPUT');
    const schedule = await run(
      UPDATE,
      { input: { threshold: 60, schedule: 'WEEKLY', held: false } },
      author.token,
    );
    expect(schedule.errors).toBeDefined();
    expect(codeOf(schedule)).not.toBe('INTERNAL_SERVER_ERROR');
    expect((await overview(author)).preferences.changedAt).toBeNull();
  });
});

describe('the scheduled lock follows each author', () => {
  // Payouts opened now are all before these lock rounds (2027): the lock for 1 March 2027 runs on
  // 27 February, the one for 1 April on 30 March.
  const february = '2027-02-27T06:00:00Z';
  const march16 = '2027-03-14T06:00:00Z';
  const endOfMarch = '2027-03-30T06:00:00Z';

  it('a quarterly author is not locked in February, then in the round before April; a held author never; one under their threshold carries over', async () => {
    const [quarterly, held, high, usual] = await Promise.all([
      createUser(app),
      createUser(app),
      createUser(app),
      createUser(app),
    ]);
    for (const author of [quarterly, held, high, usual]) {
      await setBank(author);
      await buy((await addSkin(app, { authorId: author.id, priceCents: 9000 })).id);
    }
    await prefer(quarterly, { threshold: 50, schedule: 'QUARTERLY', held: false });
    await prefer(held, { threshold: 50, schedule: 'TWICE_MONTHLY', held: true });
    await prefer(high, { threshold: 150, schedule: 'TWICE_MONTHLY', held: false });
    const payoutOf = async (author: User) => Number((await myPayouts(author))[0]!.id);
    const [q, h, t, u] = await Promise.all([quarterly, held, high, usual].map(payoutOf));

    // What My Payouts says before any round.
    const quarterlyView = await overview(quarterly);
    expect(quarterlyView.nextLock).not.toBeNull();
    expect(['01', '04', '07', '10']).toContain(quarterlyView.nextLock!.payoutDate.slice(5, 7));
    expect(quarterlyView.nextLock!.payoutDate.slice(8)).toBe('01');
    expect((await overview(held)).nextLock).toBeNull();
    expect((await myPayouts(held))[0]!.estimatedDateNote).toBe('HELD');
    expect((await myPayouts(high))[0]!.estimatedDateNote).toBe('UNDER_THRESHOLD');

    const lockedInFebruary = await scheduledLockAt(february);
    expect(lockedInFebruary).toContain(u);
    expect(lockedInFebruary).not.toContain(q);
    expect(lockedInFebruary).not.toContain(h);
    expect(lockedInFebruary).not.toContain(t);
    expect((await myPayouts(quarterly))[0]!.payoutStatus).toBe('PENDING');

    expect(await scheduledLockAt(march16)).not.toContain(q);
    const lockedEndOfMarch = await scheduledLockAt(endOfMarch);
    expect(lockedEndOfMarch).toContain(q);
    expect(lockedEndOfMarch).not.toContain(h);
    expect(lockedEndOfMarch).not.toContain(t);
    expect((await myPayouts(quarterly))[0]!.payoutStatus).toBe('LOCKED');

    // An admin does not lock a held author's payout either.
    const refused = await run(
      `mutation ($id: ID!) { lockPayout(id: $id) { success } }`,
      { id: String(h) },
      admin.token,
    );
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toContain('holds their payouts');

    // The author under their threshold reaches it with a second sale and is locked in the next round.
    await buy((await addSkin(app, { authorId: high.id, priceCents: 9000 })).id);
    expect(await scheduledLockAt('2027-04-14T06:00:00Z')).toContain(t);
    // Released, the held author is locked in the next round of their schedule.
    await prefer(held, { threshold: 50, schedule: 'TWICE_MONTHLY', held: false });
    expect(await scheduledLockAt('2027-04-14T07:00:00Z')).toContain(h);
  });
});

describe('a refund after the payout was sent', () => {
  it('leaves a negative balance the author sees at once, which the next payout settles; reconcile stays clean', async () => {
    const author = await createUser(app);
    await setPayPal(author);
    const first = await addSkin(app, { authorId: author.id, priceCents: 6000 });
    const second = await addSkin(app, { authorId: author.id, priceCents: 2000 });
    const paidFirst = await buy(first.id);
    const paidSecond = await buy(second.id);
    const [sentPayout] = await myPayouts(author);
    const sentId = sentPayout!.id;
    for (const mutation of ['lockPayout', 'sendPayout']) {
      const body = await run(
        `mutation ($id: ID!) { ${mutation}(id: $id) { success } }`,
        { id: sentId },
        admin.token,
      );
      expect(body.errors).toBeUndefined();
    }
    expect((await overview(author)).balance).toBe(0);

    // The larger sale is refunded after its payout was sent.
    const refund = await run(
      `mutation ($id: ID!) { refundOrder(id: $id) { success } }`,
      { id: String(paidFirst.id) },
      admin.token,
    );
    expect(refund.errors).toBeUndefined();
    await app.context.runner.catchUp();
    const owing = await overview(author);
    expect(owing.balance).toBeLessThan(0);
    expect(owing.owed).toBe(-owing.balance);
    expect(owing.estimatedDateNote).toBe('CARRIED_OVER');
    expect(owing.refundsTakenBack).toEqual([
      expect.objectContaining({
        orderExternalId: paidFirst.external_id,
        name: `Refund: ${first.title}`,
        amount: owing.balance,
        fromPayoutId: sentId,
      }),
    ]);
    expect(paidSecond.id).not.toBe(paidFirst.id);

    // A new sale smaller than the debt leaves it negative (nothing is locked, nothing goes out).
    await buy((await addSkin(app, { authorId: author.id, priceCents: 2000 })).id);
    const stillOwing = await overview(author);
    expect(stillOwing.balance).toBeLessThan(0);
    expect(stillOwing.balance).toBeGreaterThan(owing.balance);
    const lockNegative = await run(
      `mutation ($id: ID!) { lockPayout(id: $id) { success } }`,
      { id: stillOwing.openPayoutId },
      admin.token,
    );
    expect(codeOf(lockNegative)).toBe('BAD_USER_INPUT');

    // Enough sales settle it: the payout's amount is net of the debt.
    const later = await addSkin(app, { authorId: author.id, priceCents: 12_000 });
    await buy(later.id);
    const settled = await overview(author);
    const open = (await myPayouts(author)).find((payout) => payout.payoutStatus === 'PENDING')!;
    expect(open.amount).toBe(settled.balance);
    const lock = await run(
      `mutation ($id: ID!) { lockPayout(id: $id) { success } }`,
      { id: open.id },
      admin.token,
    );
    expect(lock.errors).toBeUndefined();
    const lockedAmount = (await myPayouts(author)).find((payout) => payout.id === open.id)!.amount;
    expect(lockedAmount).toBe(settled.balance);
    expect(lockedAmount).toBeGreaterThan(0);
    expect((await overview(author)).balance).toBe(0);

    // The statement shows the refund taken back.
    const statement = await app.server.inject({
      method: 'GET',
      url: `/api/payouts/${open.id}/statement.csv`,
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(statement.statusCode).toBe(200);
    const rows = parse(statement.body, { columns: true }) as Record<string, string>[];
    const refundRow = rows.find((row) => row.order === paidFirst.external_id);
    expect(refundRow).toBeDefined();
    expect(Number(refundRow!['author share EUR'])).toBeCloseTo(owing.balance, 2);

    const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(report.differences).toBe(0);
  });
});
