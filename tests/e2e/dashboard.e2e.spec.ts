import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

const PASSWORD = 'demo-password';
/** Every wait allows for a busy machine. */
const WAIT = { timeout: 20_000 };

let sessions: BrowserSession[] = [];
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [index, session] of sessions.entries())
      await screenshot(session.page, `failed-${context.task.name}-${index}`);
  for (const session of sessions) await session.close();
  sessions = [];
});

async function open(viewport?: { width: number; height: number }, scheme: 'dark' | 'light' = 'dark') {
  const session = await openBrowser(viewport);
  sessions.push(session);
  // The site remembers the visitor's colour scheme under this key (dark by default).
  await session.page.addInitScript((value) => localStorage.setItem('trackskins-color-scheme', value), scheme);
  return session.page;
}

async function signIn(page: Page, username: string) {
  const modal = page.getByRole('dialog');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await modal.getByRole('button', { name: 'Sign in' }).first().click();
  await modal.getByLabel('Username or email').fill(username);
  await modal.getByLabel(/^Password/).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Sign in' }).last().click();
  await expect
    .poll(
      () =>
        page
          .locator('.mantine-Notification-root')
          .filter({ hasText: `Welcome back, ${username}` })
          .isVisible(),
      WAIT,
    )
    .toBe(true);
}

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** Waits for the dashboard's figures and returns the four cards' numbers, in page order. */
async function cardValues(page: Page): Promise<number[]> {
  await page.getByTestId('stat-value').first().waitFor(WAIT);
  return (await page.getByTestId('stat-value').allTextContents()).map(number);
}

type Figures = {
  downloadCount: { allTime: { total: number; unique: number } };
  skinDownloadPopularity: { lastYear: { skin: { title: string } }[] };
  skinPurchasePopularity: { skin: { title: string } }[];
};

describe('the Creativity Dashboard in the browser', () => {
  it('the demo author opens the dashboard from the menu and sees their downloads, chart, tables and sales', async () => {
    // What the API says about the author's own skins, before the page is opened.
    const token = await logIn('author');
    // The download and sales figures are catch-up read models: right after the demo is seeded they
    // may still be reading (behind the invoices, the finance journal and the other consumers).
    await expect
      .poll(
        async () => {
          const { health } = await graphql<{
            health: { projections: { name: string; eventsBehind: number }[] };
          }>('{ health { projections { name eventsBehind } } }', token);
          return health.projections
            .filter((projection) => ['skin-downloads', 'sales-statistics'].includes(projection.name))
            .map((projection) => projection.eventsBehind);
        },
        { timeout: 90_000 },
      )
      .toEqual([0, 0]);
    const api = await graphql<Figures>(
      `
        {
          downloadCount {
            allTime {
              total
              unique
            }
          }
          skinDownloadPopularity(length: 10) {
            lastYear {
              skin {
                title
              }
            }
          }
          skinPurchasePopularity(length: 10) {
            skin {
              title
            }
          }
        }
      `,
      token,
    );
    expect(api.downloadCount.allTime.unique).toBeGreaterThan(0);
    expect(api.skinPurchasePopularity.length).toBeGreaterThan(0);

    const page = await open();
    await signIn(page, 'author');
    // The author has skins, so the account menu offers the dashboard.
    await page.goto('/me/settings');
    await page
      .getByRole('link', { name: /Creativity Dashboard/ })
      .first()
      .click();
    await page.waitForURL('**/me/dashboard');
    await page.getByRole('heading', { name: 'Creativity Dashboard', level: 1 }).waitFor(WAIT);

    const cards = await cardValues(page);
    expect(cards).toHaveLength(4);
    const [last30Unique = 0, last30Total = 0, allTimeUnique = 0, allTimeTotal = 0] = cards;
    // Downloads only ever grow, so the page shows at least what the API said a moment ago.
    expect(allTimeUnique).toBeGreaterThanOrEqual(api.downloadCount.allTime.unique);
    expect(allTimeTotal).toBeGreaterThanOrEqual(api.downloadCount.allTime.total);
    expect(allTimeTotal).toBeGreaterThanOrEqual(allTimeUnique);
    expect(last30Total).toBeGreaterThanOrEqual(last30Unique);
    expect(allTimeUnique).toBeGreaterThanOrEqual(last30Unique);

    // The stacked chart draws bars, and its table view holds the same months with numbers.
    const downloadsChart = page.getByTestId('downloads-chart');
    await expect
      .poll(() => downloadsChart.locator('svg [data-testid^="bar.item"]').count(), WAIT)
      .toBeGreaterThan(0);
    const downloadsSection = page.getByRole('region', { name: 'Unique downloads per month' });
    await downloadsSection.getByText('Show the numbers as a table').click();
    const chartRows = downloadsSection.getByRole('table').locator('tbody tr');
    expect(await chartRows.count()).toBeGreaterThan(0);
    const chartSum = (await downloadsSection.getByRole('table').locator('tbody td').allTextContents())
      .map(number)
      .reduce((sum, value) => sum + value, 0);
    expect(chartSum).toBeGreaterThan(0);

    // The top-10 table of the last year lists the API's skins in its order.
    const lastYear = page.getByRole('region', { name: 'Top downloaded skins, last year' });
    const titles = await lastYear.locator('tbody tr a').allTextContents();
    expect(titles.length).toBe(api.skinDownloadPopularity.lastYear.length);
    expect(titles[0]).toBe(api.skinDownloadPopularity.lastYear[0]?.skin.title);
    if (api.skinDownloadPopularity.lastYear.length === 0)
      await lastYear.getByText('None of your skins was downloaded in the last year.').waitFor();

    // Sales: an earnings chart with bars and the best sellers, first the API's first.
    const earningsChart = page.getByTestId('earnings-chart');
    await expect
      .poll(() => earningsChart.locator('svg [data-testid^="bar.item"]').count(), WAIT)
      .toBeGreaterThan(0);
    const bestSellers = page.getByRole('region', { name: 'Best-selling skins' });
    expect(await bestSellers.locator('tbody tr a').first().textContent()).toBe(
      api.skinPurchasePopularity[0]?.skin.title,
    );
    // Rank, skin, sold, revenue, VAT, net, your part.
    const revenue = number(await bestSellers.locator('tbody tr td:nth-child(4)').first().textContent());
    expect(revenue).toBeGreaterThan(0);

    // A bar's tooltip names the game, the month and the figure. The chart is centred first: scrolled
    // only just into view, its top bars would sit under the sticky header.
    await downloadsChart.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await downloadsChart.locator('svg [data-testid^="bar.item"]').first().hover();
    await expect.poll(() => page.getByText(/unique downloads?$/).count(), WAIT).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-desktop-dark');
  }, 180_000);

  it('reads well in the light scheme and on a phone', async () => {
    const light = await open(undefined, 'light');
    await signIn(light, 'author');
    await light.goto('/me/dashboard');
    expect((await cardValues(light))[2]).toBeGreaterThan(0);
    await expect
      .poll(() => light.getByTestId('downloads-chart').locator('svg [data-testid^="bar.item"]').count(), WAIT)
      .toBeGreaterThan(0);
    expect(await light.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await screenshot(light, 'dashboard-desktop-light');

    // Signed in on a wide screen (the phone header hides the sign-up button in its menu), then narrowed.
    const phone = await open();
    await signIn(phone, 'author');
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/me/dashboard');
    expect((await cardValues(phone))[2]).toBeGreaterThan(0);
    await expect
      .poll(() => phone.getByTestId('downloads-chart').locator('svg [data-testid^="bar.item"]').count(), WAIT)
      .toBeGreaterThan(0);
    // Nothing wider than the phone's screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'dashboard-phone-dark');
  });

  it("the demo's co-author sees the co-authored skin with the authors' share and their part, on the dashboard and the statement", async () => {
    type Item = { title: string; viewerIsOwner: boolean; authorShare: number; authorPart: number };
    const token = await logIn('mirek_apex');
    const coAuthoredItem = async () =>
      (
        await graphql<{ myItemPerformance: { items: Item[] } }>(
          '{ myItemPerformance { items { title viewerIsOwner authorShare authorPart } } }',
          token,
        )
      ).myItemPerformance.items.find((item) => !item.viewerIsOwner);
    // The sales projections catch up with the demo's orders in the background after the app starts.
    await expect
      .poll(async () => (await coAuthoredItem())?.authorPart ?? 0, { timeout: 90_000 })
      .toBeGreaterThan(0);
    const coAuthored = await coAuthoredItem();
    expect(coAuthored).toBeDefined();
    // Weights 3 (the owner) to 2 (mirek): mirek's part is two fifths of the authors' share.
    expect(coAuthored!.authorPart).toBeGreaterThan(0);
    expect(coAuthored!.authorPart).toBeLessThan(coAuthored!.authorShare);

    const page = await open({ width: 1440, height: 1000 });
    await signIn(page, 'mirek_apex');
    await page.goto('/me/dashboard');
    const table = page.getByRole('table', { name: 'How each item does' });
    await table.waitFor(WAIT);
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: coAuthored!.title, exact: true }) });
    expect(await row.getByText('Co-author', { exact: true }).isVisible()).toBe(true);
    const cells = await row.getByRole('cell').allTextContents();
    // The last column: their part, and under it the authors' whole share it is a part of.
    const [part, whole] = (cells.at(-1)?.match(/\d[\d\s]*,\d{2}/g) ?? []).map((amount) =>
      Number(amount.replace(/\s/g, '').replace(',', '.')),
    );
    expect(part).toBeCloseTo(coAuthored!.authorPart, 2);
    expect(whole).toBeCloseTo(coAuthored!.authorShare, 2);
    expect(cells.at(-1)).toContain('of the authors’');
    await table.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'creativity-dashboard-co-author');

    // Their payout's printable statement: their part, under it the authors' whole share.
    const { myPayouts } = await graphql<{
      myPayouts: { content: { id: string; items: { name: string; itemAuthorShare: number | null }[] }[] };
    }>('{ myPayouts { content { id items { name itemAuthorShare } } } }', token);
    const payout = myPayouts.content.find((p) => p.items.some((item) => item.itemAuthorShare !== null));
    expect(payout).toBeDefined();
    // The payout page: the same note under their part, and the co-authors' slice of the money.
    await page.goto(`/me/payouts/${payout!.id}`);
    const items = page.getByRole('table', { name: `Items of payout ${payout!.id}` });
    await items.waitFor(WAIT);
    expect(
      await items
        .getByText(/^Your part \(2\/5\) of the authors' /)
        .first()
        .isVisible(),
    ).toBe(true);
    const moneyPie = page.getByRole('figure', { name: 'Where the money went' });
    expect(await moneyPie.getByText('Co-authors', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'payout-co-author');
    await page.goto(`/me/payouts/${payout!.id}/statement`);
    const sheet = page.getByRole('article', { name: `Statement of payout ${payout!.id}` });
    await sheet.waitFor(WAIT);
    expect(
      await sheet
        .getByText(/^Your part \(2\/5\) of the authors' /)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await sheet.getByText('Co-authors’ parts of co-authored items').isVisible()).toBe(true);
    await screenshot(page, 'payout-statement-co-author');
  }, 180_000);

  it('a user without skins gets no dashboard link', async () => {
    const token = await logIn('player');
    const me = await graphql<{ myUser: { authorStats: { skins: number } } }>(
      `
        {
          myUser {
            authorStats {
              skins
            }
          }
        }
      `,
      token,
    );
    expect(me.myUser.authorStats.skins).toBe(0);
    const page = await open();
    await signIn(page, 'player');
    await page.goto('/me/settings');
    await page
      .getByRole('link', { name: /Purchase History/ })
      .first()
      .waitFor(WAIT);
    expect(await page.getByRole('link', { name: /Creativity Dashboard/ }).count()).toBe(0);
  });
});

describe('the Site Dashboard in the browser', () => {
  it('an admin sees the site’s figures, switches the period in the URL and downloads a CSV', async () => {
    const token = await logIn('admin');
    const api = await graphql<{ moneySpent: { allTime: { paymentCount: number } } }>(
      '{ moneySpent { allTime { paymentCount } } }',
      token,
    );
    expect(api.moneySpent.allTime.paymentCount).toBeGreaterThan(0);

    const page = await open();
    await signIn(page, 'admin');
    await page.goto('/admin/dashboard?period=all');
    await page.getByRole('heading', { name: 'Site Dashboard', level: 1 }).waitFor(WAIT);
    const cards = await cardValues(page);
    expect(cards).toHaveLength(4);
    // All time: the downloads and the money the demo's orders brought.
    expect(cards[0]).toBeGreaterThan(0);
    expect(cards[2]).toBeGreaterThan(0);
    const spending = page.getByTestId('spending-table');
    expect(await spending.locator('tbody tr').count()).toBe(4);
    expect(number(await spending.locator('tbody tr').nth(2).locator('td').first().textContent())).toBe(
      api.moneySpent.allTime.paymentCount,
    );
    for (const chart of ['sales-chart', 'downloads-chart', 'growth-chart', 'events-chart'])
      await expect
        .poll(() => page.getByTestId(chart).locator('svg [data-testid^="bar.item"]').count(), WAIT)
        .toBeGreaterThan(0);
    const topRevenue = page.getByRole('region', { name: 'Top 5 skins by revenue' });
    const topTitles = await topRevenue.locator('tbody tr a').allTextContents();
    expect(topTitles.length).toBeGreaterThan(0);
    expect(topTitles.length).toBeLessThanOrEqual(5);
    await screenshot(page, 'site-dashboard-desktop-dark');

    // The best sellers as CSV: a byte-order mark, a header and the table's rows in order.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      topRevenue.getByRole('button', { name: 'Download Top 5 skins by revenue as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('site-top-revenue.csv');
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\ufeff#,Skin,Game,Sold,Revenue (EUR),VAT (EUR),Net (EUR)');
    expect(lines).toHaveLength(topTitles.length + 1);
    expect(lines[1]).toContain(topTitles[0]!);
    expect(lines[1]).toMatch(/,\d+\.\d{2}$/);

    // Choosing the last 30 days puts it in the URL; whole months come back from the URL.
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('30 days').click();
    await page.waitForURL(/period=30d/);
    await expect
      .poll(() => page.getByTestId('period-coverage').textContent(), WAIT)
      .toMatch(/^Totals and top downloads: since/);
    await page.goto('/admin/dashboard?from=2026-01&to=2026-03');
    await expect
      .poll(() => page.getByTestId('period-coverage').textContent(), WAIT)
      .toBe('Whole months, UTC: Jan 2026 – Mar 2026.');
    // The combobox itself: Mantine labels its list of options with the same label.
    expect(await page.getByRole('combobox', { name: 'From' }).inputValue()).toBe('Jan 2026');
    expect(await page.getByRole('combobox', { name: 'To' }).inputValue()).toBe('Mar 2026');
  });

  it('reads well in the light scheme and on a phone', async () => {
    const light = await open(undefined, 'light');
    await signIn(light, 'admin');
    await light.goto('/admin/dashboard');
    expect((await cardValues(light))[0]).toBeGreaterThan(0);
    await screenshot(light, 'site-dashboard-desktop-light');
    const phone = await open();
    await signIn(phone, 'admin');
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/admin/dashboard');
    expect((await cardValues(phone))[0]).toBeGreaterThan(0);
    await expect
      .poll(() => phone.getByTestId('sales-chart').locator('svg [data-testid^="bar.item"]').count(), WAIT)
      .toBeGreaterThan(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'site-dashboard-phone-dark');
  });
});
