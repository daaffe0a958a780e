import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// The bell (docs/community.md, "The bell"): the demo player, who follows authors and wishes skins,
// sees an unread count, opens the list, the count goes to zero and a notification leads to its page.

/** Every wait allows for a busy machine (argon2 hashing on sign-in, cold chunks). */
const WAIT = { timeout: 20_000 };

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-notifications`);
  await session?.close();
  session = null;
});

describe('the notifications bell', () => {
  it('shows the unread count, lists the latest, marks them read and follows a link', async () => {
    const token = await logIn('player');
    const before = await graphql<{ unreadNotificationCount: number }>('{ unreadNotificationCount }', token);
    expect(before.unreadNotificationCount).toBeGreaterThan(0);

    session = await openBrowser();
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);
    await page.goto('/');
    const bell = page.getByTestId('notification-bell');
    await expect
      .poll(() => bell.getAttribute('aria-label'), WAIT)
      .toMatch(/^Notifications, [1-9]\d* unread$/);
    await screenshot(page, 'notifications-bell-unread');

    await bell.click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    const first = list.getByRole('link').first();
    await first.waitFor(WAIT);
    // Opening marks them read: the badge goes, the list still shows what was new.
    await expect.poll(() => bell.getAttribute('aria-label'), WAIT).toBe('Notifications, none unread');
    expect(await list.getByText('Unread').count()).toBeGreaterThan(0);
    await screenshot(page, 'notifications-bell-open');
    expect(
      (await graphql<{ unreadNotificationCount: number }>('{ unreadNotificationCount }', token))
        .unreadNotificationCount,
    ).toBe(0);

    const link = await first.getAttribute('href');
    expect(link).toMatch(/^\/(skins|bundles)\/[^/]+$/);
    await first.click();
    await page.waitForURL(`**${link}`, WAIT);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), WAIT).toBeGreaterThan(0);

    // The full list in the account area, everything read now.
    await page.goto('/me/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor(WAIT);
    await page.locator(`main a[href="${link}"]`).first().waitFor(WAIT);
    await screenshot(page, 'notifications-page');
  }, 90_000);
});
