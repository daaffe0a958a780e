import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn, payByCardLocally } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

/** The signed-in buyer pays for a paid skin it does not own yet (local card checkout); answers the order number. */
async function buySkin(token: string): Promise<{ externalId: string; title: string }> {
  const data = await graphql<{
    skins: { content: { id: string; title: string; price: number; author: { username: string } }[] };
    myOwnedSkinIds: string[];
    myUser: { username: string };
  }>(
    `
      {
        skins(type: TM2020, page: { page: 0, size: 100 }) {
          content {
            id
            title
            price
            author {
              username
            }
          }
        }
        myOwnedSkinIds
        myUser {
          username
        }
      }
    `,
    token,
  );
  const skin = data.skins.content.find(
    (candidate) =>
      candidate.price > 0 &&
      !data.myOwnedSkinIds.includes(candidate.id) &&
      candidate.author.username !== data.myUser.username,
  );
  if (!skin) throw new Error('The demo catalogue has no paid skin the player does not own');
  await payByCardLocally({
    email: 'player@example.com',
    fullname: 'Invoice Reader',
    skins: [skin.id],
    token,
    filesNow: true,
  });
  const history = await graphql<{
    myPurchaseList: { content: { externalId: string; items: { name: string }[] }[] };
  }>('{ myPurchaseList { content { externalId items { name } } } }', token);
  const order = history.myPurchaseList.content.find((candidate) =>
    candidate.items.some((i) => i.name === skin.title),
  );
  if (!order) throw new Error('The paid order is not in the purchase history');
  return { externalId: order.externalId, title: skin.title };
}

describe('tax documents in the browser', () => {
  it('a buyer opens the invoice of an order from the purchase history, prints it and gets its PDF', async () => {
    const token = await logIn('player');
    const order = await buySkin(token);
    // The number comes from the reactor a moment after the payment.
    const documents = () =>
      fetch(`${inject('appUrl')}/api/orders/${order.externalId}/tax-documents`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.json() as Promise<{ invoice: string | null }>);
    await expect.poll(async () => (await documents()).invoice, { timeout: 20_000 }).toMatch(/^\d{4}-\d{6}$/);
    const number = (await documents()).invoice!;

    session = await openBrowser({ width: 1280, height: 900 }, { colorScheme: 'dark' });
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);
    await page.goto('/me/purchase-history');
    const link = page
      .getByRole('link', { name: `Invoice of order ${order.externalId}` })
      .filter({ visible: true });
    await expect.poll(() => link.count(), { timeout: 10_000 }).toBe(1);
    await link.click();
    await page.waitForURL(`**/invoices/${number}`, { timeout: 10_000 });

    const sheet = page.getByRole('article', { name: `Invoice ${number}` });
    await expect.poll(() => sheet.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await sheet.getByRole('heading', { name: `Invoice ${number}` }).isVisible()).toBe(true);
    expect(await sheet.getByText(order.title).isVisible()).toBe(true);
    // The buyer lives in the operator's home country: the domestic rate, named on the sheet.
    expect(await sheet.getByText(/^VAT of .+ at 21\s%\.$/).isVisible()).toBe(true);
    await screenshot(page, 'invoice-page');
    // On paper only the sheet: no top bar, no buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await screenshot(page, 'invoice-page-print');
    await page.emulateMedia({ media: 'screen' });

    // The PDF link works with the session the browser holds.
    const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    expect(href).toBe(`/api/tax-documents/${number}/pdf`);
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
    }, href!);
    expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-' });
  });
});
