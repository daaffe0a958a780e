import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// Discount codes in the browser (docs/sales-and-codes.md, "Discount codes"): a guest tries codes in
// the cart (unknown, expired, then the demo author's THANKS-15), sees the reduction, pays, and the
// confirmation shows it; the author sees the code's uses on their Discount Codes page.

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

describe('discount codes', () => {
  it('a guest applies a code in the cart, pays the reduced price, and the author sees the use', async () => {
    const data = await graphql<{
      skins: { content: { title: string; url: string; price: number; author: { username: string } }[] };
    }>(`
      {
        skins(type: TM2020, page: { page: 0, size: 100 }) {
          content {
            title
            url
            price
            author {
              username
            }
          }
        }
      }
    `);
    const skin = data.skins.content.find(
      (candidate) => candidate.author.username === 'author' && candidate.price >= 3,
    );
    if (!skin) throw new Error('The demo author has no paid skin of at least 3 EUR');
    session = await openBrowser();
    const { page } = session;

    await page.goto(`/skins/${skin.url}`);
    await page
      .getByRole('button', { name: new RegExp(`^Add ${skin.title} to the cart`) })
      .first()
      .click();
    await page.goto('/cart/summary');
    await page.getByLabel('Email').fill(`code_${Date.now() % 1_000_000}@example.com`);
    await page.getByLabel('Full name').fill('Cody Coupon');
    await page.getByRole('checkbox', { name: /I confirm that I live in/ }).check();

    const field = page.getByLabel('Discount code');
    const apply = page.getByRole('button', { name: 'Apply' });
    await field.fill('nope-nope');
    await apply.click();
    await expect
      .poll(() => page.getByText('There is no code NOPE-NOPE. Check how it is spelt.').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await field.fill('summer-5');
    await apply.click();
    await expect
      .poll(() => page.getByText(/^The code SUMMER-5 expired on \d\d\. \d\d\. \d{4}\.$/).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await screenshot(page, 'discount-code-expired');

    await field.fill('thanks-15');
    await apply.click();
    const line = page.getByTestId('checkout-code');
    await expect.poll(() => line.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await line.textContent()).toContain(`Code THANKS-15: ${skin.title}`);
    await screenshot(page, 'discount-code-applied');

    await page.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
    await page.getByRole('checkbox', { name: /I will not resell/ }).check();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL('**/local-checkout/**', { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay/ }).first().click();
    await page.waitForURL(/\/orders\/TS-\d{4}-\d+\?k=/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('order-code').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('order-code').textContent()).toContain('Discount code THANKS-15');
    await screenshot(page, 'discount-code-confirmation');
    await session.close();
    session = null;

    // The author's page lists the code with the demo player's use and this one.
    const authorToken = await logIn('author');
    session = await openBrowser();
    await session.context.addCookies([{ name: 'token', value: authorToken, url: inject('appUrl') }]);
    await session.page.goto('/me/discount-codes');
    const row = session.page.getByTestId('code-THANKS-15');
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.textContent()).toContain('2 of 50');
    expect(await session.page.getByTestId('code-SUMMER-5').textContent()).toContain('Expired');
    await screenshot(session.page, 'discount-codes-page');
  });
});
