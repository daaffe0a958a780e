import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { waitForMail } from '../support/outbox';

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

describe('an account in the browser', () => {
  it('a visitor with a German browser finds Germany preselected at sign-up, with a note that it was guessed', async () => {
    session = await openBrowser({ width: 1280, height: 800 }, { locale: 'de-DE' });
    const { page } = session;
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const modal = page.getByRole('dialog');
    await expect
      .poll(() => modal.getByRole('heading', { name: 'Create an Account' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    const country = modal.getByRole('combobox', { name: /^Country/ });
    await expect.poll(() => country.inputValue(), { timeout: 10_000 }).toBe('Germany');
    expect(await modal.getByTestId('country-guess').innerText()).toBe(
      "We guessed Germany from your browser's language — change it if it is wrong.",
    );
    await screenshot(page, 'account-register-country-guessed');
  });

  it('register → verify the email → log out → log in → forgot password → mail → new password → log in → profile settings → sign out everywhere', async () => {
    session = await openBrowser();
    const { page } = session;
    const username = `racer_${Date.now() % 1_000_000}`;
    const email = `${username}@example.com`;
    const toast = (text: string | RegExp) =>
      page.locator('.mantine-Notification-root').filter({ hasText: text });
    const modal = page.getByRole('dialog');
    // Register, sign-in and reset hash a password (argon2): on a busy machine that takes seconds.
    const hashing = { timeout: 10_000 };

    // Register from the top bar.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // The first page of the run loads the modal's chunk cold: allow it more than the default second.
    await expect
      .poll(() => modal.getByRole('heading', { name: 'Create an Account' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await modal.getByLabel('Username').fill(username);
    await modal.getByLabel('Email').fill(email);
    await modal.getByLabel(/^Password/).fill('first-password');
    const register = modal.getByRole('button', { name: 'Register' });
    expect(await register.isDisabled()).toBe(true);
    await modal.getByRole('checkbox', { name: /I agree to the/ }).check();
    await register.click();
    await expect.poll(() => toast(`Welcome to TrackSkins, ${username}!`).isVisible(), hashing).toBe(true);
    expect(await toast('There was an error creating your account').count()).toBe(0);
    // Until the mailed link is opened, a notice asks to verify the email.
    const notice = page.getByTestId('verify-email-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain(email);
    await screenshot(page, 'account-registered');
    // The session token is in an HttpOnly cookie the page cannot read; the page sees only its claims.
    const cookies = await session.context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'token')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookies.find((cookie) => cookie.name === 'session')?.httpOnly).toBe(false);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )token=/);

    const outbox = path.join(inject('appDataDir'), 'outbox');
    const verification = await waitForMail(outbox, email, 'Verify your email');
    const verifyLink = new URL(/https?:\/\/\S+\/verify-email\?t=[\w.%-]+/.exec(verification.text)![0]);
    await page.goto(`${verifyLink.pathname}${verifyLink.search}`);
    // The page's chunk loads cold, then posts the link: allow it more than the default second.
    await expect
      .poll(() => page.getByText('Your email is verified. Thank you!').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => notice.isVisible()).toBe(false);
    await screenshot(page, 'account-email-verified');

    // Log out from the profile.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForURL('**/me');
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign Up' }).isVisible()).toBe(true);

    // Log in again, then ask for a new password.
    const signIn = async (password: string) => {
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await modal.getByRole('button', { name: 'Sign in' }).first().click();
      await modal.getByLabel('Username or email').fill(email);
      await modal.getByLabel(/^Password/).fill(password);
      await modal.getByRole('button', { name: 'Sign in' }).last().click();
      await expect.poll(() => toast(`Welcome back, ${username}`).isVisible(), hashing).toBe(true);
    };
    await signIn('first-password');
    await page.goto('/me');
    await page.getByRole('button', { name: 'Log out' }).first().click();

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await modal.getByRole('button', { name: 'Sign in' }).first().click();
    await modal.getByRole('button', { name: 'Forgot password?' }).click();
    await modal.getByLabel('Email').fill(email);
    await modal.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => modal.getByText(/^Sent! If there is an account/).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    const mail = await waitForMail(outbox, email, 'Reset your');
    const link = new URL(/https?:\/\/\S+\/reset-password\?c=[\w%-]+/.exec(mail.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel(/^New password/).fill('second-password');
    await page.getByLabel('Confirmation of new password').fill('second-password');
    await page.getByRole('button', { name: 'Setup new password' }).click();
    await expect
      .poll(() => toast('Password was successfully changed! You can login now.').isVisible(), hashing)
      .toBe(true);
    await page.waitForURL('**/skins');

    await signIn('second-password');

    // Payout details in the profile settings survive a reload.
    await page.goto('/me/settings');
    await page.getByText('PayPal', { exact: true }).click();
    await page.getByLabel('PayPal email address').fill('payouts@example.com');
    await page.getByLabel('Full name').fill('Jana Racer');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect.poll(() => toast('Profile updated!').isVisible()).toBe(true);
    await page.reload();
    // The reloaded page loads its chunk and the profile again: more than a second on a busy machine.
    await expect
      .poll(() => page.getByLabel('PayPal email address').inputValue(), { timeout: 10_000 })
      .toBe('payouts@example.com');
    await expect.poll(() => page.getByText('Verified', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'account-settings');

    // Notification mails: off for a new account; a weekly digest once chosen, after a reload too.
    const notificationMails = page.getByRole('region', { name: 'Notification mails' });
    await expect.poll(() => notificationMails.getByLabel('Off').isChecked(), { timeout: 10_000 }).toBe(true);
    await notificationMails.getByText('Weekly', { exact: true }).click();
    await expect.poll(() => toast('You will get a weekly digest.').isVisible()).toBe(true);
    await page.reload();
    await expect
      .poll(() => notificationMails.getByLabel('Weekly').isChecked(), { timeout: 10_000 })
      .toBe(true);

    // Sign out everywhere ends this session too.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect.poll(() => toast('You are signed out everywhere').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Sign Up' }).isVisible()).toBe(true);
    await page.goto('/me/settings');
    await expect.poll(() => page.getByRole('button', { name: 'Sign Up' }).isVisible()).toBe(true);
    // Eight steps, four of them hashing a password: more than the tier's minute on a busy machine.
  }, 120_000);
});
