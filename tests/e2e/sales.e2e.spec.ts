import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../domain/money';
import { localInput } from '../../web/src/features/sales/lib/sale-form-values';
import { appGraphql as graphql, logInDemo as logIn, registerAccount } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { startClockedApp, type ClockedApp } from '../support/clocked-app';

// An author's sale in the browser (docs/sales-and-codes.md): the demo author dustdevil_tx (whom no
// other journey buys from or pays out; the sale is on the one skin of theirs in no bundle, and the
// bundle's sale is cancelled before it starts) schedules two sales on My Sales, is refused clearly
// when a change would overlap the other, changes the first to start now at 30 % off, and then finds
// only its name and end open to change. A new player sees the sale price struck against the 30-day
// reference on the card, the skin page and in the cart, pays it, and the confirmation records the
// reduction. The sale ends on its own: a second instance of the app whose clock stands just before
// the end shows the sale, then the regular price once the end passes, with nothing written.

const AUTHOR = 'dustdevil_tx';
const SKIN = 'Mesa Burnout';
const BUNDLE = 'Desert Forever Pack';
const HOUR = 3600_000;
const WAIT = { timeout: 15_000 };

const sessions: BrowserSession[] = [];
let clocked: ClockedApp | null = null;
afterEach(async (context) => {
  for (const session of sessions) {
    if (context.task.result?.state === 'fail') await screenshot(session.page, `failed-${context.task.name}`);
    await session.close();
  }
  sessions.length = 0;
  await clocked?.close();
  clocked = null;
});

const euros = (amount: number) => formatMoney(Math.round(amount * 100));
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function signedIn(token: string): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);
  return session.page;
}

/** Picks an option of a Mantine MultiSelect by its label; Tab closes its list (Escape would close a dialog). */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Tab');
}

const saleRow = (page: Page, name: string) => page.locator(`tr[data-sale="${name}"]`);

describe('an author sale', () => {
  it('is scheduled and changed on My Sales, shown struck against its reference, bought, and ends on its own', async () => {
    const { skins } = await graphql<{
      skins: {
        content: {
          id: string;
          title: string;
          url: string;
          price: number;
          author: { username: string; url: string };
        }[];
      };
    }>(`
      {
        skins(type: TM_TURBO, page: { page: 0, size: 100 }) {
          content {
            id
            title
            url
            price
            author {
              username
              url
            }
          }
        }
      }
    `);
    const skin = skins.content.find((s) => s.title === SKIN && s.author.username === AUTHOR);
    if (!skin) throw new Error(`The demo catalogue has no ${SKIN} by ${AUTHOR}`);
    const authorToken = await logIn(AUTHOR);
    const page = await signedIn(authorToken);

    // Two sales tomorrow: one of the skin, one of the author's bundle.
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    tomorrow.setHours(10, 0, 0, 0);
    const dayAfter = new Date(tomorrow.getTime() + 2 * 24 * HOUR);
    await page.goto('/me/sales');
    const form = page.getByRole('form', { name: 'Schedule a sale' });
    const schedule = async (name: string, percent: string, field: 'Skins' | 'Bundles', item: string) => {
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Percent off').fill(percent);
      await choose(page, form, field, item);
      await form.getByLabel('Starts').fill(localInput(tomorrow));
      await form.getByLabel('Ends').fill(localInput(dayAfter));
      await form.getByRole('button', { name: 'Schedule sale' }).click();
      await expect.poll(() => saleRow(page, name).isVisible(), WAIT).toBe(true);
      expect(await saleRow(page, name).textContent()).toContain('Scheduled');
    };
    await schedule('Dust Devil Days', '20', 'Skins', SKIN);
    await schedule('Desert Pack Weekend', '10', 'Bundles', BUNDLE);

    // Adding the bundle to the first sale would put it in two sales at once: refused, in words.
    await page.getByRole('button', { name: 'Change the sale Dust Devil Days' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the sale Dust Devil Days' });
    await expect.poll(() => dialog.getByLabel('Name').inputValue(), WAIT).toBe('Dust Devil Days');
    expect(await dialog.getByLabel('Percent off').inputValue()).toBe('20 %');
    await choose(page, dialog, 'Bundles', BUNDLE);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const refusal = dialog.getByRole('alert');
    await expect.poll(() => refusal.isVisible(), WAIT).toBe(true);
    expect(await refusal.textContent()).toBe(
      `${BUNDLE} is already in your sale "Desert Pack Weekend" at that time: two sales cannot overlap on one item.`,
    );
    await screenshot(page, 'sale-change-refused-overlap');

    // Without the bundle: 30 % off, a new name, from now (the field's minute) for two hours.
    // Backspace in an empty MultiSelect takes its last choice off.
    await dialog.getByLabel('Bundles', { exact: true }).focus();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await dialog.getByLabel('Name').fill('Dust Devil Flash');
    await dialog.getByLabel('Percent off').fill('30');
    const now = new Date();
    await dialog.getByLabel('Starts').fill(localInput(now));
    await dialog.getByLabel('Ends').fill(localInput(new Date(now.getTime() + 2 * HOUR)));
    await screenshot(page, 'sale-change-form');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
    await expect
      .poll(async () => (await saleRow(page, 'Dust Devil Flash').textContent()) ?? '', WAIT)
      .toContain('Running');
    expect(await saleRow(page, 'Dust Devil Flash').textContent()).toContain('−30 %');
    expect(await saleRow(page, 'Dust Devil Flash').textContent()).not.toContain(BUNDLE);

    // The bundle's sale is cancelled as before.
    await page.getByRole('button', { name: 'Cancel the sale Desert Pack Weekend' }).click();
    await expect
      .poll(async () => (await saleRow(page, 'Desert Pack Weekend').textContent()) ?? '', WAIT)
      .toContain('Cancelled');

    // Running now: only the name and the end can change; the rest shows, locked.
    await page.getByRole('button', { name: 'Change the sale Dust Devil Flash' }).click();
    const running = page.getByRole('dialog', { name: 'Change the sale Dust Devil Flash' });
    await expect
      .poll(() => running.getByText(/This sale is running: buyers have seen its price/).isVisible(), WAIT)
      .toBe(true);
    expect(await running.getByLabel('Percent off').isDisabled()).toBe(true);
    expect(await running.getByLabel('Starts').isDisabled()).toBe(true);
    const ends = running.getByLabel('Ends');
    const end = new Date(Date.parse(`${await ends.inputValue()}:00`) + HOUR);
    await ends.fill(localInput(end));
    await screenshot(page, 'sale-change-running');
    await running.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => running.isVisible(), WAIT).toBe(false);
    const { mySales } = await graphql<{
      mySales: { name: string; status: string; endsAt: string; percentOff: number }[];
    }>('{ mySales { name status endsAt percentOff } }', authorToken);
    const sale = mySales.find((s) => s.name === 'Dust Devil Flash');
    expect(sale).toMatchObject({ status: 'RUNNING', percentOff: 30, endsAt: end.toISOString() });
    await screenshot(page, 'my-sales');

    // A player sees it: the sale price, the reduction and the 30-day reference, struck.
    const { skin: onSale } = await graphql<{
      skin: { price: number; sale: { salePrice: number; referencePrice: number; percentOff: number } };
    }>(
      `
        query ($url: String!) {
          skin(url: $url) {
            price
            sale {
              salePrice
              referencePrice
              percentOff
            }
          }
        }
      `,
      undefined,
      {
        url: skin.url,
      },
    );
    expect(onSale.sale.salePrice).toBe(Math.round(skin.price * 70) / 100);
    const salePrice = euros(onSale.sale.salePrice);
    const reference = euros(onSale.sale.referencePrice);
    const referenceWords = `Lowest price in the 30 days before the sale: ${reference}`;
    const player = await registerAccount(`sale_buyer_${Date.now() % 1_000_000}`, 'sale-buyer-password');
    const buyer = await signedIn(player.token);
    await buyer.goto(`/authors/${encodeURIComponent(skin.author.url)}`);
    const card = buyer.getByRole('article', { name: SKIN });
    await expect.poll(() => card.locator('[data-sale-note]').isVisible(), WAIT).toBe(true);
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain(salePrice);
    expect(cardText).toContain(`−${onSale.sale.percentOff} %`);
    expect(cardText).toContain(referenceWords);
    expect(await card.locator('s').textContent()).toBe(reference);
    await screenshot(buyer, 'sale-author-page-card');

    await buyer.goto(`/skins/${skin.url}`);
    const line = buyer.locator('[data-sale-reference]');
    await expect.poll(() => line.isVisible(), WAIT).toBe(true);
    expect(await line.textContent()).toMatch(
      new RegExp(
        `^Dust Devil Flash: ${literally(referenceWords)}\\. Sale\\suntil\\s\\d\\d\\.\\s\\d\\d\\.\\s\\d{4}\\.$`,
      ),
    );
    await screenshot(buyer, 'sale-skin-page');
    await buyer
      .getByRole('button', { name: new RegExp(`^Add ${SKIN} to the cart`) })
      .first()
      .click();

    await buyer.goto('/cart/summary');
    const reduction = buyer.getByTestId('checkout-reduction');
    await expect.poll(() => reduction.isVisible(), WAIT).toBe(true);
    expect(await reduction.textContent()).toContain(`Dust Devil Flash on ${SKIN} (included)`);
    expect(await reduction.textContent()).toContain(euros(skin.price - onSale.sale.salePrice));
    expect(await buyer.locator('[data-sale-note]').first().textContent()).toContain(reference);
    await buyer.getByLabel('Full name').fill('Sally Saleshopper');
    const confirmCountry = buyer.getByRole('checkbox', { name: /I confirm that I live in/ });
    if (await confirmCountry.isVisible()) await confirmCountry.check();
    await buyer.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
    await buyer.getByRole('checkbox', { name: /I will not resell/ }).check();
    await screenshot(buyer, 'sale-cart');
    await buyer.getByRole('button', { name: 'Pay by card' }).click();
    await buyer.waitForURL('**/local-checkout/**', WAIT);
    await buyer.getByRole('button', { name: /^Pay/ }).first().click();
    await buyer.waitForURL(/\/orders\/TS-\d{4}-\d+/, WAIT);
    const recorded = buyer.getByTestId('order-reduction');
    await expect.poll(() => recorded.isVisible(), WAIT).toBe(true);
    expect(await recorded.textContent()).toBe(
      `Sale: Dust Devil Flash−${euros(skin.price - onSale.sale.salePrice)}`,
    );
    expect(await buyer.getByText('Regular price', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(buyer, 'sale-order-confirmation');
    // The purchase history records it too.
    await buyer.goto('/me/purchase-history');
    const listed = buyer.getByTestId('purchase-reduction').first();
    await expect.poll(() => listed.isVisible(), WAIT).toBe(true);
    expect(await listed.textContent()).toBe(
      `Sale: Dust Devil Flash −${euros(skin.price - onSale.sale.salePrice)}`,
    );
    await screenshot(buyer, 'sale-purchase-history');

    // The end: an instance whose clock stands 10 s before it shows the sale, then, once its end has
    // passed (its timer empties the cached answers), the regular price.
    const offset = Date.parse(sale!.endsAt) - 10_000 - Date.now();
    clocked = await startClockedApp(() => new Date(Date.now() + offset));
    const guest = await openBrowser();
    sessions.push(guest);
    await guest.page.goto(`${clocked.url}/skins/${skin.url}`);
    await expect.poll(() => guest.page.locator('[data-sale-reference]').isVisible(), WAIT).toBe(true);
    await expect
      .poll(
        async () => {
          await guest.page.reload();
          await guest.page.getByRole('heading', { level: 1, name: SKIN }).waitFor(WAIT);
          return guest.page.locator('[data-sale-note]').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(0);
    expect(
      await guest.page
        .getByRole('button', { name: new RegExp(`^Add ${SKIN} to the cart`) })
        .first()
        .textContent(),
    ).toContain(euros(skin.price));
    await screenshot(guest.page, 'sale-ended-skin-page');
    await guest.context.addCookies([{ name: 'token', value: authorToken, url: clocked.url }]);
    await guest.page.goto(`${clocked.url}/me/sales`);
    await expect
      .poll(async () => (await saleRow(guest.page, 'Dust Devil Flash').textContent()) ?? '', WAIT)
      .toContain('Ended');
  }, 180_000);
});
