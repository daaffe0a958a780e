import { afterEach, describe, expect, inject, it } from 'vitest';
import { verifyWebhookSignature } from '../../infra/webhooks/webhook-signature';
import { appGraphql as graphql, logInDemo as logIn, payByCardLocally } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Settings → Webhooks (docs/webhooks.md): the demo author adds an endpoint for their sales, keeps
// the secret shown once, a guest buys one of their skins, the log shows the receiver's 500 and,
// after a resend, the delivery; then the secret is rotated and the endpoint deleted.

/** Every wait allows for a busy machine (argon2 hashing on sign-in, cold chunks). */
const WAIT = { timeout: 20_000 };

let session: BrowserSession | null = null;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail') await screenshot(session.page, 'failed-webhooks');
  await session?.close();
  await receiver?.close();
  session = null;
  receiver = null;
});

/** The demo author's paid TM2020 skin, by its title. */
async function authorSkinId(title: string): Promise<string> {
  const data = await graphql<{ skins: { content: { id: string; title: string }[] } }>(`
    {
      skins(type: TM2020, page: { page: 0, size: 100 }) {
        content {
          id
          title
        }
      }
    }
  `);
  const skin = data.skins.content.find((s) => s.title === title);
  if (!skin) throw new Error(`No demo skin ${title}`);
  return skin.id;
}

/** A guest buys the skin by card on the local checkout page, files now. */
const guestBuys = (skinId: string) =>
  payByCardLocally({
    email: `webhook_buyer_${Date.now() % 1_000_000}@example.com`,
    fullname: 'Hannah Hook',
    skins: [skinId],
    filesNow: true,
  });

describe('the Webhooks page', () => {
  it('adds an endpoint, shows the secret once, logs every attempt, resends, rotates and deletes', async () => {
    receiver = await startWebhookReceiver([500, 200]);
    const token = await logIn('author');
    const skinId = await authorSkinId('Autobahn Nightline');
    session = await openBrowser();
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);

    await page.goto('/me/settings');
    const link = page.getByRole('link', { name: 'Manage webhooks' });
    await link.waitFor(WAIT);
    await link.click();
    await page.waitForURL('**/me/settings/webhooks', WAIT);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor(WAIT);
    await page.getByText('No endpoints yet.').waitFor(WAIT);

    // A refused address says why, and nothing is added.
    await page.getByLabel('Address').fill('https://169.254.169.254/latest');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText(/private, local or reserved address/).waitFor(WAIT);
    await screenshot(page, 'webhooks-refused-address');

    await page.getByLabel('Address').fill(receiver.url);
    expect(await page.getByRole('checkbox', { name: /Sale of my item/ }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: /Refund of my item/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your signing secret' });
    await dialog.waitFor(WAIT);
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    await screenshot(page, 'webhooks-secret-once');
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    // Shown once: the page holds it nowhere else; the form is empty again, with no error.
    expect(await page.content()).not.toContain(secret);
    expect(await page.getByLabel('Address').inputValue()).toBe('');
    expect(await page.getByText('Enter the address of your endpoint.').count()).toBe(0);

    const card = page.getByTestId('webhook-endpoint');
    await card.getByText(receiver.url).waitFor(WAIT);
    await card.getByText('Active').waitFor(WAIT);

    await guestBuys(skinId);
    const [first] = await receiver.waitFor(1, 20_000);
    const header = first!.headers['trackskins-signature'] as string;
    expect(verifyWebhookSignature(secret, header, first!.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(first!.body)).toMatchObject({ type: 'sale.completed' });

    await card.getByRole('button', { name: 'Delivery log' }).click();
    const delivery = card.getByTestId('webhook-delivery');
    await expect
      .poll(async () => {
        await card.getByRole('button', { name: 'Refresh' }).click();
        return card.getByTestId('webhook-attempt').count();
      }, WAIT)
      .toBe(1);
    await card.getByText('500 · Error status').waitFor(WAIT);
    await delivery.getByText('Pending').waitFor(WAIT);
    await screenshot(page, 'webhooks-log-failed-attempt');

    await delivery.getByRole('button', { name: 'Resend' }).click();
    await receiver.waitFor(2, 20_000);
    await expect
      .poll(async () => {
        await card.getByRole('button', { name: 'Refresh' }).click();
        return delivery.getByText('Delivered', { exact: true }).count();
      }, WAIT)
      .toBe(1);
    await card.getByText('200 · Delivered').waitFor(WAIT);
    await screenshot(page, 'webhooks-log-delivered');

    await card.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate secret' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    await dialog.waitFor(WAIT);
    const rotated = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await dialog.getByRole('button', { name: 'I have stored it' }).click();

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No endpoints yet.').waitFor(WAIT);
    expect(
      (await graphql<{ myWebhookEndpoints: unknown[] }>('{ myWebhookEndpoints { id } }', token))
        .myWebhookEndpoints,
    ).toEqual([]);
  }, 120_000);
});
