import fs from 'node:fs/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { publishFreeSkin, registerAccount } from '../support/app-api';
import { zipEntries } from '../support/zip-entries';

// Settings → Your data in the browser (docs/account-deletion.md): a fresh account downloads the
// archive of its data, then deletes itself after reading what goes and typing its name and password;
// it is signed out, cannot sign in again, and its skin is gone from the public.

const WAIT = { timeout: 15_000 };
const PASSWORD = 'leaving-for-good-1';
let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && session) await screenshot(session.page, 'failed-your-data');
  await session?.close();
  session = null;
});

describe('your data', () => {
  it('a person downloads their data, then deletes their account and cannot sign in again', async () => {
    const username = `leaver_${Date.now() % 1_000_000}`;
    const account = await registerAccount(username, PASSWORD);
    const skin = await publishFreeSkin(account.token, `Farewell Livery ${username.slice(-4)}`, 'Last one');
    session = await openBrowser();
    const { page } = session;
    const login = await page
      .context()
      .request.post('/api/auth/login', { data: { username, password: PASSWORD } });
    expect(login.status()).toBe(200);

    await page.goto('/me/settings');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor(WAIT);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'your-data-settings-section');
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByRole('button', { name: 'Download your data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^trackskins-data-leaver_\d+-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await zipEntries(await fs.readFile((await download.path())!));
    expect(files.get('README.txt')?.toString()).toContain('profile.json');
    expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ username });
    expect(files.get('skins.csv')?.toString()).toContain('Farewell Livery');

    await page.getByRole('link', { name: 'Delete your account…' }).click();
    await page.waitForURL('**/me/settings/delete-account', WAIT);
    await page.getByRole('heading', { name: 'Delete your account', level: 1 }).waitFor(WAIT);
    await page.getByText('Your 1 published skin(s) and 0 bundle(s) are unpublished').waitFor(WAIT);
    await screenshot(page, 'your-data-delete-account');

    // A wrong password is refused beside its field; nothing is deleted.
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('This password is not right.').waitFor(WAIT);

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account is deleted.').waitFor(WAIT);
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    await screenshot(page, 'your-data-deleted');

    // Signed out everywhere, no sign-in, and the skin is no longer public.
    const again = await fetch(`${inject('appUrl')}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    expect(again.status).toBe(400);
    const me = await fetch(`${inject('appUrl')}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ query: '{ myUser { id } }' }),
    });
    expect(
      ((await me.json()) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
    const skinAnswer = await fetch(`${inject('appUrl')}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($u: String!) { skin(url: $u) { id } }',
        variables: { u: skin.url },
      }),
    });
    expect(((await skinAnswer.json()) as { data: { skin: unknown } }).data.skin).toBeNull();
  });
});
