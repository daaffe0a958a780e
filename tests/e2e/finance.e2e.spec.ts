import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// The admin's finance month in the browser: the demo's last full month opens, its owed-to-authors
// identity ties out, VAT by country and rate and the figures are those of the API, and the journal
// and the OSS return download as CSV.

const WAIT = { timeout: 20_000 };
let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail') await screenshot(session.page, 'failed-finance');
  await session?.close();
  session = null;
});

async function signIn(page: Page, username: string) {
  const response = await page.context().request.post('/api/auth/login', {
    data: { username, password: 'demo-password' },
  });
  expect(response.status()).toBe(200);
}

const lastFullMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

describe('the finance month', () => {
  it('an admin reads the last full month, sees it tie out, and downloads the journal and the OSS return', async () => {
    session = await openBrowser({ width: 1280, height: 900 });
    const { page } = session;
    await signIn(page, 'admin');
    // The journal is a catch-up projection: the demo's months are there once it has caught up.
    await expect
      .poll(
        async () => {
          const answer = await page.context().request.get('/api/admin/finance/months');
          return answer.ok() ? ((await answer.json()) as { months: string[] }).months.length : 0;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    const months = (
      (await (await page.context().request.get('/api/admin/finance/months')).json()) as { months: string[] }
    ).months;
    const month = months.find((m) => m <= lastFullMonth()) ?? months[0]!;
    const figures = (await (
      await page.context().request.get(`/api/admin/finance/months/${month}`)
    ).json()) as {
      quarter: string;
      sales: { count: number };
      vat: unknown[];
      owedToAuthors: { tiesOut: boolean };
    };
    expect(figures.owedToAuthors.tiesOut).toBe(true);

    await page.goto('/admin/finance');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Finance month' }).isVisible(), WAIT)
      .toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Month' }).inputValue(), WAIT).toBe(month);
    const owed = page.locator('[aria-labelledby="finance-owed-title"]');
    await expect.poll(() => owed.getByText('Ties out').isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => page.getByText(`of ${figures.sales.count} payments invoiced`).isVisible(), WAIT)
      .toBe(true);
    const vatRows = page.locator('[aria-labelledby="finance-vat-title"] tbody tr');
    expect(await vatRows.count()).toBe(figures.vat.length);
    await screenshot(page, `finance-month-${month}`);

    const [journal] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Journal (CSV)' }).click(),
    ]);
    expect(journal.suggestedFilename()).toBe(`finance-${month}-journal.csv`);
    const journalText = await fs.readFile((await journal.path())!, 'utf8');
    expect(journalText.split('\r\n')[0]).toBe(
      '\uFEFFdate,entry,account,account name,debit EUR,credit EUR,document number,description',
    );
    expect(journalText).toContain(`${month}-`);

    const [oss] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `OSS return ${figures.quarter} (CSV)` }).click(),
    ]);
    expect(oss.suggestedFilename()).toBe(`oss-return-${figures.quarter}.csv`);
    expect(await fs.readFile((await oss.path())!, 'utf8')).toContain(
      'member state,rate %,taxable amount EUR,VAT EUR',
    );
  }, 120_000);

  it('a player is not let in: the page is for admins and the API refuses', async () => {
    session = await openBrowser({ width: 1280, height: 900 });
    const { page } = session;
    await signIn(page, 'player');
    expect((await page.context().request.get('/api/admin/finance/months')).status()).toBe(403);
    await page.goto('/admin/finance', { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { name: 'Finance month' }).count()).toBe(0);
    expect(await page.getByText('Owed to authors').count()).toBe(0);
  }, 60_000);
});
