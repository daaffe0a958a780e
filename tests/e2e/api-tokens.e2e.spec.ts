import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// The tokens page in the browser: an author creates a sales token from Settings, sees its secret
// once, a script reads their sales with it, the list shows its last use, and revoking it (after a
// confirmation) refuses the script's next request. Admin scopes are offered to admins only.

const WAIT = { timeout: 15_000 };
let sessions: BrowserSession[] = [];
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [n, session] of sessions.entries()) await screenshot(session.page, `failed-api-tokens-${n}`);
  for (const session of sessions) await session.close();
  sessions = [];
});

async function browser(viewport?: { width: number; height: number }) {
  const session = await openBrowser(viewport);
  sessions.push(session);
  return session.page;
}

async function signIn(page: Page, username: string) {
  const response = await page.context().request.post('/api/auth/login', {
    data: { username, password: 'demo-password' },
  });
  expect(response.status()).toBe(200);
}

/** What the author's script does: the token and the GraphQL endpoint, nothing else. */
async function readSales(secret: string) {
  const response = await fetch(`${inject('appUrl')}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ earningsHistory { year month itemsSold earnings } }' }),
  });
  return (await response.json()) as { data?: { earningsHistory: unknown[] }; errors?: { message: string }[] };
}

describe('the API tokens page', () => {
  it('an author creates a sales token, a script uses it, and revoking it refuses the script at once', async () => {
    const page = await browser();
    await signIn(page, 'author');
    await page.goto('/me/settings');
    const section = page.getByRole('region', { name: 'API tokens' });
    await section.waitFor(WAIT);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-tokens-settings-section');
    await page.getByRole('link', { name: 'Manage API tokens' }).click();
    await page.waitForURL('**/me/settings/api-tokens', WAIT);
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor(WAIT);
    // Not an admin: no admin scopes offered.
    await page.getByRole('checkbox', { name: /^public:read/ }).waitFor(WAIT);
    expect(await page.getByRole('checkbox', { name: /^admin:/ }).count()).toBe(0);

    // Nothing chosen: the shared rules answer before the server is asked.
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Give the token a name, for example the tool that uses it.').waitFor(WAIT);
    await page.getByText('Choose at least one scope.').waitFor(WAIT);

    await page.getByRole('textbox', { name: 'Name' }).fill('Sales spreadsheet');
    await page.getByRole('checkbox', { name: /^sales:read/ }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const secretBox = page.getByTestId('new-token-secret');
    await secretBox.waitFor(WAIT);
    const secret = (await secretBox.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy token' }).waitFor(WAIT);
    await screenshot(page, 'api-tokens-secret-once');

    const sales = await readSales(secret);
    expect(sales.errors).toBeUndefined();
    expect(Array.isArray(sales.data?.earningsHistory)).toBe(true);

    // Dismissed, the secret is gone from the page; the list shows the token with its last use.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByTestId('new-token-secret').count()).toBe(0);
    await page.reload();
    const row = page.getByRole('row', { name: /Sales spreadsheet/ });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain('sales:read');
    expect(await row.textContent()).toContain(secret.slice(0, 12));
    expect(await row.textContent()).not.toContain('Never');
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'api-tokens-list');

    await row.getByRole('button', { name: 'Revoke the token Sales spreadsheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog.waitFor(WAIT);
    await screenshot(page, 'api-tokens-revoke-confirm');
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await expect.poll(async () => (await row.textContent()) ?? '', WAIT).toContain('Revoked');

    const refused = await readSales(secret);
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]?.message).toContain('revoked');
  });

  it('offers an admin the admin scopes', async () => {
    const page = await browser();
    await signIn(page, 'admin');
    await page.goto('/me/settings/api-tokens');
    await page.getByRole('checkbox', { name: /^admin:manage/ }).waitFor(WAIT);
    await page.getByText('Admin scopes').waitFor(WAIT);
    await screenshot(page, 'api-tokens-admin-scopes');
  });

  it('fits a phone: the form and the list stay usable at 390 px', async () => {
    const page = await browser({ width: 390, height: 844 });
    await signIn(page, 'author');
    await page.goto('/me/settings/api-tokens');
    await page.getByRole('checkbox', { name: /^items:manage/ }).waitFor(WAIT);
    // Nothing wider than the screen but the list's own scrolling table.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'api-tokens-phone');
  });
});
