import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// Checkout without the consent to immediate delivery: the order is paid, its downloads wait until
// the buyer consents on the confirmation page, then they work at once (docs/withdrawal.md).

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

describe('the consent to immediate delivery', () => {
  it('a guest checks out without ticking it, sees the downloads waiting, consents, and downloads', async () => {
    const data = await graphql<{ skins: { content: { title: string; url: string; price: number }[] } }>(`
      {
        skins(type: TM2020, page: { page: 0, size: 100 }) {
          content {
            title
            url
            price
          }
        }
      }
    `);
    const skin = data.skins.content.filter((candidate) => candidate.price > 0).at(-1);
    if (!skin) throw new Error('The demo catalogue has no paid skin');
    session = await openBrowser();
    const { page } = session;

    await page.goto(`/skins/${skin.url}`);
    await page
      .getByRole('button', { name: new RegExp(`^Add ${skin.title} to the cart`) })
      .first()
      .click();
    await page.goto('/cart/summary');
    await page.getByLabel('Email').fill(`consent_${Date.now() % 1_000_000}@example.com`);
    await page.getByLabel('Full name').fill('Wanda Waiting');
    await page.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
    await page.getByRole('checkbox', { name: /I will not resell/ }).check();
    // The test browser's address tells no country: the buyer confirms the billing country (docs/vat.md).
    await page.getByRole('checkbox', { name: /I confirm that I live in/ }).check();

    // The two boxes are there, unticked, and not required.
    const now = page.getByRole('checkbox', { name: 'I want the files now: start the delivery immediately.' });
    const loss = page.getByRole('checkbox', {
      name: 'I acknowledge that I lose my right of withdrawal once delivery starts.',
    });
    expect(await now.isChecked()).toBe(false);
    expect(await loss.isChecked()).toBe(false);
    // One alone is refused, on the spot; unticking it again lets the buyer pay.
    await now.check();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect
      .poll(() => page.getByText('To get the files now, tick both boxes.', { exact: false }).isVisible())
      .toBe(true);
    await now.uncheck();
    await screenshot(page, 'withdrawal-checkout-boxes');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL('**/local-checkout/**', { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay/ }).first().click();

    // Paid, but the files wait: no download, the item is marked, and the panel explains.
    await page.waitForURL(/\/orders\/TS-\d{4}-\d+\?k=/, { timeout: 15_000 });
    await expect
      .poll(() => page.getByText('Your downloads wait for your consent').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByText('Waiting for your consent', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Withdraw from the purchase' }).isVisible()).toBe(true);
    await screenshot(page, 'withdrawal-confirmation-waiting');

    // The consent: a dialog with both statements, then the downloads are there at once.
    await page.getByRole('button', { name: 'Start the delivery' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start the delivery now?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(
      await dialog
        .getByText('I acknowledge that I lose my right of withdrawal once delivery starts.')
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'withdrawal-consent-dialog');
    await dialog.getByRole('button', { name: 'I agree: start the delivery' }).click();
    const download = page.getByRole('link', { name: `Download ${skin.title}` });
    await expect.poll(() => download.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('Your downloads wait for your consent').count()).toBe(0);
    expect(await page.getByText(/you agreed to immediate delivery/).isVisible()).toBe(true);
    await screenshot(page, 'withdrawal-confirmation-consented');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`${skin.url}.zip`);
    expect((await readFile(await file.path())).subarray(0, 2).toString()).toBe('PK');
  });

  it("the demo player's collection shows the order waiting for consent, with the consent and withdrawal buttons", async () => {
    const token = await logIn('player');
    const waiting = await graphql<{ myOrdersAwaitingConsent: { externalId: string }[] }>(
      '{ myOrdersAwaitingConsent { externalId } }',
      token,
    );
    // The demo data leaves the player's latest order without the consent (docs/withdrawal.md).
    expect(waiting.myOrdersAwaitingConsent.length).toBeGreaterThan(0);
    session = await openBrowser();
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);
    await page.goto('/me/collection');
    await expect
      .poll(() => page.getByText('Waiting for your consent', { exact: true }).first().isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Start the delivery' }).first().isVisible()).toBe(true);
    // In the table, the order's skin shows the same mark instead of its Download button.
    const waitingRow = page.getByRole('row').filter({ hasText: 'Waiting for your consent' });
    await expect.poll(() => waitingRow.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(
      await waitingRow
        .first()
        .getByRole('button', { name: /^Download/ })
        .count(),
    ).toBe(0);
    await screenshot(page, 'withdrawal-collection-waiting');
  });
});
