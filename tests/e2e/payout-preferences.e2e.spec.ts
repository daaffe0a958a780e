import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

/** Every wait allows for a busy machine. */
const WAIT = { timeout: 20_000 };
const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The demo author owing after a late refund (app/demo/demo-payout-preferences.ts). */
const OWING_AUTHOR = 'vanDijkLines';

let sessions: BrowserSession[] = [];
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [index, session] of sessions.entries())
      await screenshot(session.page, `failed-${context.task.name}-${index}`);
  for (const session of sessions) await session.close();
  sessions = [];
});

async function open(userAgent?: string) {
  const session = await openBrowser(undefined, userAgent ? { userAgent } : {});
  sessions.push(session);
  return session.page;
}

async function signIn(page: Page, username: string) {
  const modal = page.getByRole('dialog');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await modal.getByRole('button', { name: 'Sign in' }).first().click();
  await modal.getByLabel('Username or email').fill(username);
  await modal.getByLabel(/^Password/).fill('demo-password');
  await modal.getByRole('button', { name: 'Sign in' }).last().click();
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: `Welcome back, ${username}` })
    .waitFor(WAIT);
}

type Overview = {
  myPayoutOverview: {
    balance: number;
    owed: number;
    preferences: { schedule: string };
    refundsTakenBack: { orderExternalId: string }[];
  };
};
const OVERVIEW =
  '{ myPayoutOverview { balance owed preferences { schedule } refundsTakenBack { orderExternalId } } }';
const euros = (text: string | null) => Number((text ?? '').replace(/[^\d,-]/g, '').replace(',', '.'));

async function caughtUp(token: string, names: string[]) {
  await expect
    .poll(
      async () => {
        const { health } = await graphql<{
          health: { projections: { name: string; eventsBehind: number }[] };
        }>('{ health { projections { name eventsBehind } } }', token);
        return health.projections.filter((p) => names.includes(p.name)).map((p) => p.eventsBehind);
      },
      { timeout: 90_000 },
    )
    .toEqual(names.map(() => 0));
}

describe('payout preferences and balances', () => {
  it('My Payouts shows the demo author’s negative balance, its refund and their schedule; the settings change it', async () => {
    // The demo author of this journey alone: no other journey sells their skins.
    const token = await logIn(OWING_AUTHOR);
    await caughtUp(token, ['payout-allocation']);
    const { myPayoutOverview: api } = await graphql<Overview>(OVERVIEW, token);
    // The demo: a late refund left the author owing, and they chose a quarterly schedule.
    expect(api.balance).toBeLessThan(0);
    expect(api.owed).toBeCloseTo(-api.balance, 2);
    expect(api.refundsTakenBack.length).toBeGreaterThan(0);
    expect(api.preferences.schedule).toBe('QUARTERLY');

    const page = await open();
    await signIn(page, OWING_AUTHOR);
    await page.goto('/me/payouts');
    const card = page.getByRole('region', { name: 'Your balance and schedule' });
    await card.getByTestId('payout-balance').waitFor(WAIT);
    expect(euros(await card.getByTestId('payout-balance').textContent())).toBeCloseTo(api.balance, 2);
    await expect.poll(() => card.getByText(/^You owe .* back$/).isVisible(), WAIT).toBe(true);
    const refunds = card.getByRole('table', { name: /Refunds of items already paid out/ });
    for (const refund of api.refundsTakenBack) {
      expect(await refunds.getByRole('cell', { name: refund.orderExternalId }).count()).toBe(1);
    }
    expect(await card.getByText('Quarterly (1 January, April, July and October)').isVisible()).toBe(true);

    await card.getByRole('link', { name: 'Change payout preferences' }).click();
    const section = page.getByRole('region', { name: 'Payout preferences' });
    await section.getByLabel('Monthly (the 1st of each month)').waitFor(WAIT);
    await section.getByLabel('Monthly (the 1st of each month)').check();
    await section.getByRole('button', { name: 'Save payout preferences' }).click();
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Payout preferences saved' })
      .waitFor(WAIT);
    expect((await graphql<Overview>(OVERVIEW, token)).myPayoutOverview.preferences.schedule).toBe('MONTHLY');
    // A threshold under the minimum is refused on the form, before anything is sent.
    await section.getByLabel('Pay me from').fill('20');
    await section.getByRole('button', { name: 'Save payout preferences' }).click();
    await expect.poll(() => section.getByText(/at least the minimum payout/).isVisible(), WAIT).toBe(true);

    await page.goto('/me/payouts');
    await expect.poll(() => card.getByText('Monthly (the 1st of each month)').isVisible(), WAIT).toBe(true);
    await screenshot(page, 'payout-preferences-my-payouts');
    // Back to the demo's choice.
    await graphql(
      'mutation ($input: PayoutPreferencesInput!) { updateMyPayoutPreferences(input: $input) { schedule } }',
      token,
      { input: { threshold: 80, schedule: 'QUARTERLY', held: false } },
    );
  });
});

describe('the Creativity Dashboard per item', () => {
  it('counts a person’s view of a skin page (not a headless bot’s, not the author’s) and shows each item’s figures with CSV', async () => {
    const token = await logIn('author');
    await caughtUp(token, ['item-sales-by-source']);
    type Report = {
      myItemPerformance: {
        items: {
          itemType: string;
          url: string;
          title: string;
          views: number;
          purchases: number;
          revenue: number;
        }[];
      };
    };
    const REPORT = '{ myItemPerformance { items { itemType url title views purchases revenue } } }';
    const before = (await graphql<Report>(REPORT, token)).myItemPerformance.items;
    const skin = before.find((item) => item.itemType === 'SKIN' && item.purchases > 0)!;
    expect(skin).toBeDefined();

    // A person, a headless bot and the author open the skin's page: only the person counts.
    const person = await open(PERSON);
    await person.goto(`/skins/${skin.url}`);
    const bot = await open();
    await bot.goto(`/skins/${skin.url}`);
    const viewsOf = async () =>
      (await graphql<Report>(REPORT, token)).myItemPerformance.items.find((item) => item.url === skin.url)!
        .views;
    await expect.poll(viewsOf, WAIT).toBe(skin.views + 1);

    const page = await open(PERSON);
    await signIn(page, 'author');
    await page.goto(`/skins/${skin.url}`);
    await page.getByRole('heading', { name: skin.title }).first().waitFor(WAIT);
    await page.goto('/me/dashboard');
    const table = page.getByRole('table', { name: 'How each item does' });
    await table.waitFor(WAIT);
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: skin.title, exact: true }) });
    const cells = await row.getByRole('cell').allTextContents();
    expect(Number(cells[1])).toBe(skin.views + 1);
    expect(Number(cells[3])).toBe(skin.purchases);
    // Item, views, downloads, purchases, conversion, three sources, revenue, your share.
    expect(euros(cells[8] ?? null)).toBeCloseTo(skin.revenue, 2);
    expect(cells).toHaveLength(10);
    expect(await viewsOf()).toBe(skin.views + 1);

    const section = page.getByRole('region', { name: 'How each item does' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: /CSV/ }).click(),
    ]);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toContain('Sale purchases');
    expect(header).toContain('Code revenue EUR');
    expect(header).toContain('Full price author share EUR');
    expect(lines.some((line) => line.includes(skin.title))).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'creativity-dashboard-per-item');
  });
});
