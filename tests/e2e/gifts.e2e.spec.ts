import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { waitForMail } from '../support/outbox';

// A gift (docs/gifts.md): the demo player buys a skin as a gift for an address; the recipient opens
// the mailed link, signs in and claims it; the player sees it claimed on the purchase history.

const sessions: BrowserSession[] = [];
afterEach(async (context) => {
  for (const session of sessions) {
    if (context.task.result?.state === 'fail') await screenshot(session.page, `failed-${context.task.name}`);
    await session.close();
  }
  sessions.length = 0;
});

describe('giving and claiming a gift', () => {
  it('is bought with a note, mailed after the payment, and claimed only through the link', async () => {
    const playerToken = await logIn('player');
    // A skin the player does not own yet (journeys before this one bought some): its page offers the cart.
    const data = await graphql<{
      skins: {
        content: { id: string; title: string; url: string; price: number; author: { username: string } }[];
      };
      myOwnedSkinIds: string[];
    }>(
      `
        {
          myOwnedSkinIds
          skins(type: TM2020, page: { page: 0, size: 100 }) {
            content {
              id
              title
              url
              price
              author {
                username
              }
            }
          }
        }
      `,
      playerToken,
    );
    const skin = data.skins.content.find(
      (candidate) =>
        candidate.price > 0 &&
        !['player', 'author'].includes(candidate.author.username) &&
        !data.myOwnedSkinIds.includes(candidate.id),
    );
    if (!skin) throw new Error('The demo catalogue has no paid skin of another author');
    const recipientEmail = `friend_${Date.now() % 1_000_000}@example.com`;

    const giver = await openBrowser();
    sessions.push(giver);
    await giver.context.addCookies([{ name: 'token', value: playerToken, url: inject('appUrl') }]);
    const { page } = giver;
    await page.goto(`/skins/${skin.url}`);
    await page
      .getByRole('button', { name: new RegExp(`^Add ${skin.title} to the cart`) })
      .first()
      .click();
    await page.goto('/cart/summary');
    await page.getByLabel('Full name').fill('Pat Player');
    await page.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
    await page.getByRole('checkbox', { name: /I will not resell/ }).check();
    await page
      .getByRole('checkbox', { name: 'I want the files now: start the delivery immediately.' })
      .check();
    await page
      .getByRole('checkbox', {
        name: 'I acknowledge that I lose my right of withdrawal once delivery starts.',
      })
      .check();
    const confirmCountry = page.getByRole('checkbox', { name: /I confirm that I live in/ });
    if (await confirmCountry.isVisible()) await confirmCountry.check();
    await page.getByRole('checkbox', { name: 'This is a gift' }).check();
    await page.getByLabel("Recipient's email").fill(recipientEmail);
    await page.getByLabel('A note for them (optional)').fill('Happy birthday! See you on the track.');
    await screenshot(page, 'gift-checkout');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL('**/local-checkout/**', { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay/ }).first().click();
    await page.waitForURL(/\/orders\/TS-\d{4}-\d+/, { timeout: 15_000 });
    // The giver's page lists no download: the files are the recipient's.
    expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(0);

    const mail = await waitForMail(
      path.join(inject('appDataDir'), 'outbox'),
      recipientEmail,
      'has given you a gift',
      20_000,
    );
    expect(mail.text).toContain('"Happy birthday! See you on the track."');
    const link = /https?:\/\/\S+(\/gifts\/claim\?t=\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no claim link in ${mail.text}`);

    // The recipient opens the link: the gift shows, and claiming asks for an account first.
    const recipient = await openBrowser();
    sessions.push(recipient);
    await recipient.page.goto(link);
    await expect
      .poll(() => recipient.page.getByText(skin.title).first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await recipient.page.getByText('Happy birthday! See you on the track.').isVisible()).toBe(true);
    expect(await recipient.page.getByText('Pat Player has given you:').isVisible()).toBe(true);
    expect(await recipient.page.getByRole('button', { name: 'Create an account' }).isVisible()).toBe(true);
    expect(await recipient.page.getByRole('button', { name: 'Claim the gift' }).count()).toBe(0);
    await screenshot(recipient.page, 'gift-claim-page-signed-out');

    // Signed in from the page (the demo author's account: any account may claim with the link).
    await recipient.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const modal = recipient.page.getByRole('dialog');
    await modal.getByLabel('Username or email').fill('author');
    await modal.getByLabel(/^Password/).fill('demo-password');
    await modal.getByRole('button', { name: 'Sign in' }).last().click();
    await recipient.page.getByRole('button', { name: 'Claim the gift' }).click({ timeout: 20_000 });
    await expect
      .poll(() => recipient.page.getByText('The gift is yours').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await screenshot(recipient.page, 'gift-claim-page-claimed');

    // The giver sees it claimed.
    await page.goto('/me/purchase-history');
    const gift = page.getByTestId('purchase-gift').filter({ hasText: recipientEmail }).first();
    await expect.poll(() => gift.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await gift.getByText('Claimed', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'gift-purchase-history');
  });
});
