import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

describe('the marketplace shell in a browser', () => {
  it('shows the homepage hero and leads a visitor to the skins, the policies and the guide', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/');
    // A fresh browser's first page: up to 10 s on a busy machine (1 s by default).
    await expect.poll(() => page.getByText('FIND YOUR NEW RIDE').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('WELCOME TO').isVisible()).toBe(true);
    await screenshot(page, 'home-desktop');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const label of ['Skins', 'Bundles', 'Authors']) {
      expect(await nav.getByRole('link', { name: label }).isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Explore skins' }).click();
    await page.waitForURL('**/skins');

    // A policy page opened from the footer starts at its top.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: 'Terms of service' }).click();
    await page.waitForURL('**/terms-of-service');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
      .toMatch(/Terms of service/i);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The installation guide's tab follows ?game= and writes it back.
    await page.goto('/installation-guide?game=tmufnf');
    const forever = page.getByRole('tab', { name: /Forever/ });
    await expect.poll(() => forever.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: /2020/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('game')).toBe('tm2020');
    await page
      .getByRole('button', { name: /screenshot|enlarge|open/i })
      .first()
      .click();
    await expect.poll(() => page.locator('.yarl__root').count()).toBe(1);
    await page.keyboard.press('Escape');
    await screenshot(page, 'installation-guide');
  });

  it('sends unknown paths home and shows nothing of the account area to a visitor', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/me/settings');
    await expect.poll(() => page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('heading').count()).toBe(0);
  });

  it('fits a phone: the navigation moves into a menu', async () => {
    session = await openBrowser({ width: 390, height: 844 });
    const { page } = session;
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Bundles' }).click();
    await page.waitForURL('**/bundles');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'bundles-phone');
  });
});

describe('the colour scheme', () => {
  it("follows a light system preference until the visitor chooses, then keeps the visitor's choice", async () => {
    session = await openBrowser({ width: 1280, height: 800 }, { colorScheme: 'light' });
    const { page } = session;
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    await page.goto('/');
    expect(await scheme()).toBe('light');
    await screenshot(page, 'shell-light-preference');
    // The visitor picks dark: it stays dark on the next page although the system says light.
    await page.getByRole('button', { name: /dark theme/i }).click();
    await expect.poll(scheme).toBe('dark');
    await page.goto('/skins');
    expect(await scheme()).toBe('dark');
  });

  it('is dark for a dark system preference', async () => {
    session = await openBrowser();
    await session.page.goto('/');
    expect(await session.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  });
});
