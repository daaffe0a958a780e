import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { inlineControlLayout, openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { waitForMail } from '../support/outbox';

// The e2e app runs without provider keys: the local card checkout page and the local PayPal step.

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

type Item = { id: string; title: string; url: string; price: number };

/** Paid 2020-edition skins and bundles of the demo catalogue, found like any client would. */
async function paidCatalogue(): Promise<{ skins: Item[]; bundles: (Item & { skins: { id: string }[] })[] }> {
  const data = await graphql<{
    skins: { content: Item[] };
    bundles: { content: (Item & { skins: { id: string }[] })[] };
  }>(`
    {
      skins(type: TM2020, page: { page: 0, size: 100 }) {
        content {
          id
          title
          url
          price
        }
      }
      bundles(type: TM2020, page: { page: 0, size: 100 }) {
        content {
          id
          title
          url
          price
          skins {
            id
          }
        }
      }
    }
  `);
  return {
    skins: data.skins.content.filter((skin) => skin.price > 0),
    bundles: data.bundles.content.filter((bundle) => bundle.price > 0),
  };
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function cartCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const ids = (key: string) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length;
    return ids('cart-skins') + ids('cart-bundles');
  });
}

describe('buying in the browser', () => {
  it('a visitor with a German browser finds Germany preselected at checkout, with a note that it was guessed', async () => {
    const { skins } = await paidCatalogue();
    const skin = skins[0];
    if (!skin) throw new Error('The demo catalogue has no paid skin');
    session = await openBrowser({ width: 1280, height: 800 }, { locale: 'de-DE' });
    const { page } = session;
    await page.goto(`/skins/${skin.url}`);
    await page
      .getByRole('button', { name: new RegExp(`^Add ${skin.title} to the cart`) })
      .first()
      .click();
    await page.goto('/cart/summary');
    // The app on this machine is reached from a loopback address, which locates nobody: the
    // browser's language (de-DE) decides.
    const country = page.getByRole('combobox', { name: /^Country/ });
    await expect.poll(() => country.inputValue(), { timeout: 10_000 }).toBe('Germany');
    const note = page.getByTestId('country-guess');
    expect(await note.innerText()).toBe(
      "We guessed Germany from your browser's language — change it if it is wrong.",
    );
    // The note belongs to the select (read with it by a screen reader).
    expect(await country.getAttribute('aria-describedby')).toBeTruthy();
    await screenshot(page, 'buying-country-guessed');
    // Choosing another country is the buyer's own choice: the note goes.
    await country.click();
    await country.fill('France');
    await page.getByRole('option', { name: 'France' }).click();
    await expect.poll(() => country.inputValue()).toBe('France');
    await expect.poll(() => note.count()).toBe(0);
    // Leave the cart empty, as a finished purchase would, for the journeys after this one.
    await page.getByRole('button', { name: 'Empty the cart' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Cart, empty' }).isVisible()).toBe(true);
  });

  it('a newcomer signs in from the top bar, and finds Sign In in the phone menu too', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/skins');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The auth modal opens in its sign-in mode.
    const modal = page.getByRole('dialog');
    await expect
      .poll(() => modal.getByLabel('Username or email').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await screenshot(page, 'buying-sign-in-modal');
    await modal.getByLabel('Username or email').fill('player');
    await modal.getByLabel(/^Password/).fill('demo-password');
    await modal.getByRole('button', { name: 'Sign in' }).last().click();
    await expect.poll(() => toast(page, 'Welcome back, player').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'Profile' }).first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
    await session.close();

    session = await openBrowser({ width: 390, height: 844 });
    const phone = session.page;
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = phone.getByRole('dialog');
    await expect
      .poll(() => drawer.getByRole('button', { name: 'Sign Up', exact: true }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await drawer.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => phone.getByRole('dialog').getByLabel('Username or email').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await screenshot(phone, 'buying-sign-in-phone');
  });

  it('a guest buys a skin and a bundle by card, gets the mail and downloads from its link', async () => {
    const { skins, bundles } = await paidCatalogue();
    const bundle = bundles[0];
    const skin = skins.find((candidate) => !bundle?.skins.some((inBundle) => inBundle.id === candidate.id));
    if (!bundle || !skin) throw new Error('The demo catalogue has no paid skin and bundle');
    const email = `guest_${Date.now() % 1_000_000}@example.com`;

    session = await openBrowser();
    const { page } = session;

    // The cart icon is always there, empty at first.
    await page.goto(`/skins/${skin.url}`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Cart, empty' }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    // Put a paid skin and a paid bundle in the cart from their pages: each add says so in a toast.
    await page
      .getByRole('button', { name: new RegExp(`^Add ${skin.title} to the cart`) })
      .first()
      .click();
    await expect.poll(() => toast(page, `Added to cart: ${skin.title}`).isVisible()).toBe(true);
    // "In cart" leads to the cart.
    const inCart = page.getByRole('link', { name: `In cart: ${skin.title}. View the cart` }).first();
    await expect.poll(() => inCart.isVisible()).toBe(true);
    expect(await inCart.getAttribute('href')).toBe('/cart/summary');
    await page.goto(`/bundles/${bundle.url}`);
    await page
      .getByRole('button', { name: new RegExp(`^Add ${bundle.title} to the cart`) })
      .first()
      .click();
    const added = toast(page, `Added to cart: ${bundle.title}`);
    await expect.poll(() => added.isVisible()).toBe(true);
    const cartLink = page.getByRole('link', { name: 'Cart, 2 items' });
    await expect.poll(() => cartLink.isVisible()).toBe(true);
    // The toast opens below the top bar: the cart button stays clickable.
    const toastBox = await added.boundingBox();
    const cartBox = await cartLink.boundingBox();
    expect(toastBox!.y).toBeGreaterThanOrEqual(cartBox!.y + cartBox!.height);
    // A card of its own, not bare text over the page.
    expect(await added.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    await screenshot(page, 'buying-added-toast');

    // The toast's View cart opens the cart.
    await added.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL('**/cart/summary');
    // The cart reloads both by id, with the total and the form.
    const items = page.getByRole('list', { name: 'In your cart' });
    await expect
      .poll(() => items.getByRole('link', { name: skin.title }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => items.getByRole('link', { name: bundle.title }).isVisible()).toBe(true);
    const total = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'EUR' }).format(
      (Math.round(skin.price * 100) + Math.round(bundle.price * 100)) / 100,
    );
    // The subtotal (no tips here), the total, and what the VAT quote says the buyer pays.
    await expect.poll(() => page.getByText(total, { exact: true }).count()).toBe(3);
    await expect
      .poll(() => page.getByText('Trackmania (2020) skins need club access').isVisible())
      .toBe(true);
    // What the total is made of, and how the payment is handled.
    expect(await page.getByText('Subtotal (2 items)').isVisible()).toBe(true);
    expect(await page.getByText('Payment fees').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^Secure payment/).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Accepted payment methods' }).isVisible()).toBe(true);

    // A field is checked as the buyer leaves it.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Full name').focus();
    await expect.poll(() => page.getByText('Enter a valid email address.').isVisible()).toBe(true);
    await page.getByLabel('Email').fill('');

    // Nothing is sent until the form is valid: the marks show after the first attempt.
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await expect
      .poll(() => page.getByText('Full name must have at least 3 characters.').isVisible())
      .toBe(true);
    expect(page.url()).toContain('/cart/summary');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Full name').fill('Gustav Guest');
    await page.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
    // Each checkbox sits on one line with its label, at the label's normal size.
    const resell = await inlineControlLayout(page, 'I will not resell');
    expect(resell).toMatchObject({ beside: true });
    expect(resell!.labelFontSize).toBeLessThanOrEqual(16);
    await page.getByRole('checkbox', { name: /I will not resell/ }).check();
    // The files now: both consent boxes (withdrawal-consent.e2e.spec.ts checks out without them).
    await page.getByRole('checkbox', { name: /^I want the files now/ }).check();
    await page.getByRole('checkbox', { name: /^I acknowledge that I lose my right of withdrawal/ }).check();
    // VAT from the server's quote for the billing country (docs/vat.md): a German consumer's price
    // includes German VAT. The test browser's address tells no country, so the buyer confirms it.
    const billing = page.getByRole('combobox', { name: /^Country/ });
    await billing.click();
    await billing.fill('Germany');
    await page.getByRole('option', { name: 'Germany' }).click();
    await expect
      .poll(() => page.getByTestId('checkout-vat').textContent(), { timeout: 10_000 })
      .toMatch(/^incl\. VAT 19 % \(Germany\)/);
    await page.getByRole('checkbox', { name: /I confirm that I live in/ }).check();
    await screenshot(page, 'buying-cart');
    await page.getByRole('button', { name: 'Pay by card' }).click();

    // The local checkout page stands in for the card provider.
    await page.waitForURL('**/local-checkout/**', { timeout: 15_000 });
    await screenshot(page, 'buying-local-checkout');
    // On a phone the page keeps a margin: its card does not touch the screen's edges.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = await page.locator('main').boundingBox();
    expect(card!.x).toBeGreaterThanOrEqual(12);
    expect(card!.x + card!.width).toBeLessThanOrEqual(390 - 12);
    await screenshot(page, 'buying-local-checkout-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: /^Pay/ }).first().click();

    // The order's confirmation page: number, items, amounts and downloads, without an account.
    await page.waitForURL(/\/orders\/TS-\d{4}-\d+\?k=/, { timeout: 15_000 });
    const orderNumber = /\/orders\/(TS-\d{4}-\d+)/.exec(page.url())![1]!;
    await expect
      .poll(() => page.getByRole('heading', { name: 'Thank you for your purchase!' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await page.getByText(orderNumber, { exact: true }).isVisible()).toBe(true);
    // The confirmation states the VAT carved out of the total.
    expect(await page.getByTestId('order-vat').textContent()).toMatch(/^incl\. VAT \d+(\.\d+)? % \(.+\) /);
    expect(
      await page.getByText(`A confirmation mail with these links was sent to ${email}.`).isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: skin.title, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: bundle.title, exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(total, { exact: true }).isVisible()).toBe(true);
    expect(await cartCount(page)).toBe(0);
    // The page itself thanks the buyer: no purchase toast covers its heading or says something else.
    await page.waitForTimeout(1500);
    expect(
      await page
        .locator('.mantine-Notification-root')
        .filter({ hasText: /purchase/i })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('link', { name: 'Cart, empty' }).isVisible()).toBe(true);
    await screenshot(page, 'buying-confirmation');

    // Its Download buttons are the guest's signed links: the skin's gives its zip.
    const skinDownload = page.getByRole('link', { name: `Download ${skin.title}` });
    expect(await skinDownload.getAttribute('href')).toMatch(/\?grant=/);
    const [fromPage] = await Promise.all([page.waitForEvent('download'), skinDownload.click()]);
    expect(fromPage.suggestedFilename()).toBe(`${skin.url}.zip`);
    expect((await readFile(await fromPage.path())).subarray(0, 2).toString()).toBe('PK');
    expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(1 + bundle.skins.length);

    // Where the files go, with a copyable folder for the order's game.
    expect(await page.getByTestId('install-folder').first().innerText()).toMatch(/Documents/);
    expect(await page.getByRole('button', { name: 'Copy the folder path' }).first().isVisible()).toBe(true);

    // "Create a free account with <email>": the register form opens with that email filled in.
    await page.getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog');
    await expect
      .poll(() => register.getByLabel('Email').first().inputValue(), { timeout: 10_000 })
      .toBe(email);
    await screenshot(page, 'buying-confirmation-register-prefilled');
    await page.keyboard.press('Escape');
    await expect.poll(() => register.count()).toBe(0);

    // The confirmation mail links to the downloads; the skin's link gives its zip.
    const mail = await waitForMail(path.join(inject('appDataDir'), 'outbox'), email, '', 15_000);
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0].replace(/[).,>]+$/, ''));
    const skinLink =
      links.find((link) => link.includes(skin.url)) ?? links.find((link) => link.includes('/assets/'));
    if (!skinLink) throw new Error(`No download link in the mail:\n${mail.text}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.goto(skinLink).catch(() => null), // an attachment aborts the navigation
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect((await readFile(await download.path())).subarray(0, 2).toString()).toBe('PK');

    // An admin finds the order and sees its confirmation mail sent, beside the authors' sale mails.
    const adminToken = await logIn('admin');
    await session.context.addCookies([{ name: 'token', value: adminToken, url: inject('appUrl') }]);
    await page.goto('/admin/orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(email);
    await page.getByRole('searchbox', { name: 'Search orders' }).press('Enter');
    const mailsButton = page.getByRole('button', { name: /^Mails of order / }).filter({ visible: true });
    await expect.poll(() => mailsButton.count(), { timeout: 10_000 }).toBe(1);
    await mailsButton.click();
    const dialog = page.getByRole('dialog', { name: /^Mails of order / });
    const confirmation = dialog.getByRole('row').filter({ hasText: 'Order confirmation' });
    await expect.poll(() => confirmation.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await confirmation.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await confirmation.getByText('Sent', { exact: true }).isVisible()).toBe(true);
    expect(
      await dialog.getByRole('row').filter({ hasText: 'Sale notice to the author' }).count(),
    ).toBeGreaterThan(0);
    await screenshot(page, 'buying-admin-order-mails');
  });

  it('a signed-in player buys a skin with the local PayPal step and finds it owned in the collection', async () => {
    const token = await logIn('player');
    const owned = await graphql<{ myOwnedSkinIds: string[] }>('{ myOwnedSkinIds }', token);
    const { skins } = await paidCatalogue();
    const skin = skins.find((candidate) => !owned.myOwnedSkinIds.includes(candidate.id));
    if (!skin) throw new Error('The player already owns every paid demo skin');

    session = await openBrowser();
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);

    await page.goto(`/skins/${skin.url}`);
    await page
      .getByRole('button', { name: new RegExp(`^Add ${skin.title} to the cart`) })
      .first()
      .click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.waitForURL('**/cart/summary');

    // The account's email is read-only; the player fills in the rest.
    const emailField = page.getByLabel('Email');
    await expect.poll(() => emailField.inputValue(), { timeout: 10_000 }).toMatch(/@/);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Full name').fill('Petra Player');
    await page.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
    await page.getByRole('checkbox', { name: /I will not resell/ }).check();
    // The files now: both consent boxes (withdrawal-consent.e2e.spec.ts checks out without them).
    await page.getByRole('checkbox', { name: /^I want the files now/ }).check();
    await page.getByRole('checkbox', { name: /^I acknowledge that I lose my right of withdrawal/ }).check();
    await page.getByRole('checkbox', { name: /I confirm that I live in/ }).check();

    // The local stand-in for PayPal's window.
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    const approval = page.getByRole('dialog', { name: /Approve the payment/ });
    await expect.poll(() => approval.isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'buying-local-paypal');
    await approval.getByRole('button', { name: 'Approve payment' }).click();

    // The order's confirmation page, with the plain download of a signed-in owner.
    await page.waitForURL('**/orders/TS-*', { timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Thank you for your purchase!' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.waitForTimeout(1500);
    expect(
      await page
        .locator('.mantine-Notification-root')
        .filter({ hasText: /purchase/i })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('link', { name: `Download ${skin.title}` }).getAttribute('href')).toBe(
      `/assets/skin/${skin.url}`,
    );
    expect(await cartCount(page)).toBe(0);

    // The collection has it.
    await page.goto('/me/collection');
    await expect
      .poll(() => page.getByRole('button', { name: `Download ${skin.title}` }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await screenshot(page, 'buying-collection');

    // The collection's download rests 3 s after a click.
    const downloadButton = page.getByRole('button', { name: `Download ${skin.title}` });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe(`${skin.url}.zip`);
    expect(await downloadButton.isDisabled()).toBe(true);

    // The skin's own button now says it is owned.
    await page.goto(`/skins/${skin.url}`);
    await expect
      .poll(
        () =>
          page
            .getByRole('button', { name: `Owned: download ${skin.title}` })
            .first()
            .isVisible(),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);

    // The order is in the purchase history as completed.
    await page.goto('/me/purchase-history');
    const row = page.getByRole('row').filter({ hasText: skin.title });
    await expect.poll(() => row.first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.first().getByText('Completed').isVisible()).toBe(true);
    await screenshot(page, 'buying-purchase-history');
  });

  it('a player comments on a bundle and tips its author at checkout; the admin refunds; the refund mail comes and the download goes', async () => {
    const token = await logIn('player');
    const owned = await graphql<{ myOwnedSkinIds: string[]; myOwnedBundleIds: string[] }>(
      '{ myOwnedSkinIds myOwnedBundleIds }',
      token,
    );
    const { bundles } = await paidCatalogue();
    // A bundle whose skins the player owns in no other way, so the refund takes the downloads away.
    const bundle = bundles.find(
      (candidate) =>
        !owned.myOwnedBundleIds.includes(candidate.id) &&
        candidate.skins.length > 0 &&
        candidate.skins.every((skin) => !owned.myOwnedSkinIds.includes(skin.id)),
    );
    if (!bundle) throw new Error('The demo catalogue has no bundle the player could buy');
    const detail = await graphql<{ bundle: { skins: { url: string }[] } }>(
      `
        query ($url: String!) {
          bundle(url: $url) {
            skins {
              url
            }
          }
        }
      `,
      undefined,
      { url: bundle.url },
    );
    const skinUrl = detail.bundle.skins[0]!.url;
    const euros = (cents: number) =>
      new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'EUR' }).format(cents / 100);

    session = await openBrowser();
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);

    // The bundle page shows and takes comments like a skin page.
    await page.goto(`/bundles/${bundle.url}`);
    const comment = `Worth every cent ${Date.now() % 100_000}`;
    // The form replaces the visitors' read-only box once the session is known.
    const send = page.getByRole('button', { name: 'Send comment' });
    await expect.poll(() => send.isVisible(), { timeout: 15_000 }).toBe(true);
    const commentBox = page.getByRole('textbox', { name: 'Write a comment' });
    await commentBox.fill(comment);
    await send.click();
    await expect.poll(() => toast(page, 'Comment uploaded!').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText(comment).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'buying-bundle-comments');

    // The cart: a 3 € tip for the bundle's author, added to the total.
    await page
      .getByRole('button', { name: new RegExp(`^Add ${bundle.title} to the cart`) })
      .first()
      .click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.waitForURL('**/cart/summary');
    const tip = page.getByRole('textbox', { name: `Tip for the author of ${bundle.title}` });
    await expect.poll(() => tip.isVisible(), { timeout: 10_000 }).toBe(true);
    await tip.fill('3');
    const totalCents = Math.round(bundle.price * 100) + 300;
    await expect
      .poll(() => page.getByText(euros(totalCents), { exact: true }).first().isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(`incl. ${euros(300)} tip`).isVisible()).toBe(true);
    await page.getByLabel('Full name').fill('Petra Player');
    await page.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
    await page.getByRole('checkbox', { name: /I will not resell/ }).check();
    // The files now: both consent boxes (withdrawal-consent.e2e.spec.ts checks out without them).
    await page.getByRole('checkbox', { name: /^I want the files now/ }).check();
    await page.getByRole('checkbox', { name: /^I acknowledge that I lose my right of withdrawal/ }).check();
    await page.getByRole('checkbox', { name: /I confirm that I live in/ }).check();
    await screenshot(page, 'buying-cart-tip');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL('**/local-checkout/**', { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay/ }).first().click();
    await page.waitForURL('**/orders/TS-*', { timeout: 15_000 });

    // The receipt shows the tip.
    const history = await graphql<{
      myPurchaseList: {
        content: { externalId: string; totalPrice: number; items: { name: string; tip: number }[] }[];
      };
    }>('{ myPurchaseList { content { externalId totalPrice items { name tip } } } }', token);
    const order = history.myPurchaseList.content[0]!;
    expect(order.items).toEqual([{ name: bundle.title, tip: 3 }]);
    expect(Math.round(order.totalPrice * 100)).toBe(totalCents);
    await page.goto('/me/purchase-history');
    const row = page.getByRole('row').filter({ hasText: order.externalId });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.getByText(`+ ${euros(300)} tip`).isVisible()).toBe(true);
    const skinResponse = () =>
      fetch(`${inject('appUrl')}/assets/skin/${skinUrl}`, {
        headers: { authorization: `Bearer ${token}` },
        redirect: 'manual',
      }).then((response) => response.status);

    // Owned until the refund (downloading it now would make it not refundable).
    const before = await graphql<{ myOwnedBundleIds: string[] }>('{ myOwnedBundleIds }', token);
    expect(before.myOwnedBundleIds).toContain(bundle.id);

    // The admin refunds the order from the orders list.
    const adminToken = await logIn('admin');
    await session.context.addCookies([{ name: 'token', value: adminToken, url: inject('appUrl') }]);
    await page.goto('/admin/orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.externalId);
    await page.getByRole('searchbox', { name: 'Search orders' }).press('Enter');
    const refund = page
      .getByRole('button', { name: `Refund order ${order.externalId}` })
      .filter({ visible: true });
    await expect.poll(() => refund.count(), { timeout: 10_000 }).toBe(1);
    await refund.click();
    const confirm = page.getByRole('dialog', { name: `Refund order ${order.externalId}?` });
    await expect.poll(() => confirm.isVisible(), { timeout: 10_000 }).toBe(true);
    await confirm
      .getByRole('button', { name: /refund/i })
      .last()
      .click();
    await expect
      .poll(
        () =>
          page
            .getByRole('row')
            .filter({ hasText: order.externalId })
            .getByText('Refunded')
            .first()
            .isVisible(),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);

    // The refund mail reaches the local outbox, and the admin reads it on the Mails page.
    const account = await graphql<{ myUser: { email: string } }>('{ myUser { email } }', token);
    const mail = await waitForMail(
      path.join(inject('appDataDir'), 'outbox'),
      account.myUser.email,
      `${order.externalId} was refunded`,
      15_000,
    );
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain(
      `${euros(totalCents).replace(/\u00a0/g, ' ')} go back`,
    );
    await page.goto('/admin/mails');
    const mailRow = page.getByRole('row').filter({ hasText: `${order.externalId} was refunded` });
    await expect.poll(() => mailRow.isVisible(), { timeout: 10_000 }).toBe(true);
    await mailRow.getByRole('button', { name: /^Read/ }).click();
    const reader = page.getByRole('dialog', {
      name: `Your TrackSkins order ${order.externalId} was refunded`,
    });
    await expect.poll(() => reader.isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'buying-admin-refund-mail');

    // The download is gone with the order.
    expect(await skinResponse()).not.toBe(200);
    const after = await graphql<{ myOwnedBundleIds: string[] }>('{ myOwnedBundleIds }', token);
    expect(after.myOwnedBundleIds).not.toContain(bundle.id);
  }, 180_000);
});

describe('the checkout result toasts', () => {
  it("read the banners' words, and close on their own", async () => {
    session = await openBrowser({ width: 390, height: 844 });
    const { page } = session;
    await page.goto('/skins/failed');
    const cancelled = toast(
      page,
      'Purchase cancelled: You can try purchasing the items again or if there was an error during the checkout, let us know.',
    );
    await expect.poll(() => cancelled.isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'buying-toast-cancelled-phone');

    // Back from a paid checkout with the items still in the cart: thanked once, the cart emptied.
    await page.evaluate(() => window.localStorage.setItem('cart-skins', '[1]'));
    await page.goto('/skins/success');
    const thanked = toast(
      page,
      'Purchase successful: You should receive email with download link(s) in a short while.',
    );
    await expect.poll(() => thanked.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('cart-skins'))).toBeNull();
    await expect.poll(() => thanked.isVisible(), { timeout: 15_000 }).toBe(false);
  });
});
