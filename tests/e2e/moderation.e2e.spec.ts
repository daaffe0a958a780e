import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appGraphql as graphql,
  logInDemo,
  publishFreeSkin,
  registerAccount,
  type Account,
} from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// The admin's moderation pages in a browser: the reports queue, comments, skins, users and the
// moderation history. Every user and item here is made for this run, so the demo data stays as it is.

const PASSWORD = 'moderation-e2e-password';
/** Every wait allows for a busy machine. */
const WAIT = { timeout: 20_000 };
const run = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 90 + 10)}`;

/** A fresh account of this run. */
const register = (prefix: string) => registerAccount(`${prefix}_${run}`, PASSWORD);
const publishSkin = (author: Account, title: string) =>
  publishFreeSkin(author.token, title, 'Made by the moderation journey');

async function comment(writer: Account, skinId: string, text: string): Promise<string> {
  const { createComment } = await graphql<{ createComment: { id: string } }>(
    `
      mutation ($skin: ID, $text: String!) {
        createComment(skin: $skin, text: $text) {
          id
        }
      }
    `,
    writer.token,
    { skin: skinId, text },
  );
  return createComment.id;
}

/** A GraphQL call whose errors are part of the answer (a refused session). */
async function rawGraphql(query: string, token: string) {
  const response = await fetch(`${inject('appUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
}

async function signIn(page: Page, username: string, password = 'demo-password') {
  const modal = page.getByRole('dialog');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await modal.getByRole('button', { name: 'Sign in' }).first().click();
  await modal.getByLabel('Username or email').fill(username);
  await modal.getByLabel(/^Password/).fill(password);
  await modal.getByRole('button', { name: 'Sign in' }).last().click();
  await toast(page, `Welcome back, ${username}`).waitFor(WAIT);
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

/** Opens an admin page from the account menu's Admin section, as an admin would. */
async function openFromMenu(page: Page, name: RegExp, path: string) {
  await page
    .getByRole('navigation', { name: 'Account menu' })
    .getByRole('region', { name: 'Admin' })
    .getByRole('link', { name })
    .first()
    .click();
  await page.waitForURL(`**${path}**`);
}

/** Picks the rule of the terms a takedown, removal or block rests on (a select of the modal). */
async function chooseRule(page: Page, dialog: Locator, rule: string) {
  await dialog
    .getByLabel(/^Rule of the terms/)
    .first()
    .click();
  await page.getByRole('option', { name: new RegExp(`^${rule.replace('.', '\\.')} `) }).click();
}

/** Picks an option of a segmented control (its radio input is drawn over by its label). */
async function choose(page: Page, option: string) {
  await page
    .locator('label[for]')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
  await expect.poll(() => page.getByRole('radio', { name: option }).isChecked(), WAIT).toBe(true);
}

// Fresh accounts and a skin of this run: the writer's skin and comments, a reporter, a user to block.
let writer: Account;
let reporter: Account;
let blockable: Account;
let skin: { id: string; url: string; title: string };
const spamText = `Cheap coins at free-coins.example, code ${run}\nmessage me on discord`;
const kindText = `Lovely colours, thanks for sharing ${run}`;
let spamId: string;

let admin: BrowserSession;
let visitor: BrowserSession;

beforeAll(async () => {
  writer = await register('mod_writer');
  reporter = await register('mod_reporter');
  blockable = await register('mod_blocked');
  const title = `Moderation Livery ${run}`;
  skin = { ...(await publishSkin(writer, title)), title };
  await comment(writer, skin.id, kindText);
  spamId = await comment(writer, skin.id, spamText);

  admin = await openBrowser({ width: 1366, height: 900 });
  visitor = await openBrowser({ width: 1280, height: 800 });
  await signIn(admin.page, 'admin');
}, 60_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await screenshot(admin.page, `failed-${context.task.name}-admin`);
    await screenshot(visitor.page, `failed-${context.task.name}-visitor`);
  }
});

afterAll(async () => {
  // Whatever happened above, the run leaves its skin and its blocked user as they started.
  const token = await logInDemo('admin');
  const unblock = `mutation { unblockUser(id: "${blockable.id}") { success } }`;
  const restore = `mutation { restoreItem(itemType: SKIN, itemId: "${skin.id}") { success } }`;
  for (const mutation of [unblock, restore]) await rawGraphql(mutation, token);
  await admin?.close();
  await visitor?.close();
});

describe('moderation in the browser', () => {
  it('a reported comment: the admin removes it from the reports queue, the public no longer sees it, Comments and the history show it', async () => {
    const { page } = admin;

    // Before anything happens, an anonymous visitor sees both comments on the skin page.
    await visitor.page.goto(`/skins/${skin.url}`);
    await visitor.page.getByText(kindText).waitFor(WAIT);
    await visitor.page.getByText(/Cheap coins at free-coins\.example/).waitFor(WAIT);

    // A fresh player reports the spam comment through the API.
    await graphql(
      `
        mutation ($id: ID!) {
          reportItem(itemType: COMMENT, itemId: $id, reason: SPAM, text: "Advertises a coin seller") {
            success
          }
        }
      `,
      reporter.token,
      { id: spamId },
    );

    // The admin opens Reports from the menu; the comment waits in the open queue with its report.
    await page.goto('/admin');
    await openFromMenu(page, /^Reports/, '/admin/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor(WAIT);
    const item = page.getByRole('article').filter({ hasText: `code ${run}` });
    await item.waitFor(WAIT);
    await item.getByText('1 open').waitFor();
    await item.getByText('Spam or advertising: 1').waitFor();
    await item.getByRole('button', { name: /Show the report/ }).click();
    await item.getByRole('link', { name: reporter.username }).waitFor();
    await item.getByText('Advertises a coin seller').waitFor();
    await screenshot(page, 'moderation-reports-queue');

    // Remove asks for a reason, checked with the API's own rule before anything is sent.
    await item.getByRole('button', { name: /^Remove/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this comment?' });
    await dialog.waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Remove comment' }).click();
    await dialog.getByText('Write the reason (at least 3 characters).').waitFor();
    const reason = `Coin seller spam ${run}`;
    await chooseRule(page, dialog, '14.5');
    await dialog.getByLabel(/^Reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Remove comment' }).click();
    await toast(page, 'Comment removed.').waitFor(WAIT);

    // It leaves the open queue at once.
    await expect.poll(() => item.count(), WAIT).toBe(0);

    // The anonymous visitor no longer sees it; the other comment is still there.
    await visitor.page.reload();
    await visitor.page.getByText(kindText).waitFor(WAIT);
    expect(await visitor.page.getByText(/Cheap coins at free-coins\.example/).count()).toBe(0);

    // Admin → Comments, "Removed": the comment with its line break, Removed, the reason and who.
    await openFromMenu(page, /^Comments$/, '/admin/comments');
    await choose(page, 'Removed');
    const row = page.getByRole('row').filter({ hasText: `code ${run}` });
    await row.waitFor(WAIT);
    await row.getByText('Removed', { exact: true }).waitFor();
    await row.getByText(reason).waitFor();
    await row.getByText(/by admin/).waitFor();
    expect(await row.getByText(/message me on discord/).textContent()).toContain('\n');
    await row.getByRole('button', { name: /^Restore/ }).waitFor();

    // The moderation history names the step, the comment, the admin and the reason.
    await openFromMenu(page, /^Moderation history/, '/admin/moderation');
    const entry = page.getByRole('row').filter({ hasText: reason });
    await entry.waitFor(WAIT);
    await entry.getByText('Removed', { exact: true }).waitFor();
    await entry.getByRole('link', { name: 'admin', exact: true }).waitFor();
    await entry.getByRole('link', { name: /Cheap coins/ }).waitFor();
    const report = page
      .getByRole('row')
      .filter({ hasText: reporter.username })
      .filter({ hasText: 'Reported' });
    await report.getByText('Spam or advertising').waitFor();
    await screenshot(page, 'moderation-history');
  });

  it('a skin: the admin takes it down from Admin → Skins (the public page says not found), then restores it', async () => {
    const { page } = admin;
    await page.goto('/admin');
    await openFromMenu(page, /^Skins$/, '/admin/skins');
    await page.getByLabel('Search skins').fill(skin.title);
    const row = page.getByRole('row').filter({ hasText: skin.title });
    await row.waitFor(WAIT);
    await row.getByText('Published', { exact: true }).waitFor();
    // The author's name is cut at 10 characters, with the full name kept for the tooltip.
    const author = row.getByRole('link', { name: writer.username });
    expect(await author.textContent()).toBe(`${writer.username.slice(0, 10)}…`);

    await row.getByRole('button', { name: /^Take down/ }).click();
    const takeDown = page.getByRole('dialog', { name: `Take down “${skin.title}”?` });
    await takeDown.waitFor(WAIT);
    const reason = `Not the uploader's own livery ${run}`;
    await chooseRule(page, takeDown, '14.2');
    await takeDown.getByLabel(/^Reason/).fill(reason);
    await takeDown.getByRole('button', { name: 'Take down' }).click();
    await toast(page, `“${skin.title}” is taken down.`).waitFor(WAIT);
    await row.getByText('Taken down', { exact: true }).waitFor(WAIT);
    await row.getByText(reason).waitFor();
    await row.getByText(/by admin/).waitFor();
    await screenshot(page, 'moderation-skin-taken-down');

    // The public skin page no longer has it.
    await visitor.page.goto(`/skins/${skin.url}`);
    await visitor.page.getByText('Skin not found', { exact: true }).waitFor(WAIT);

    await row.getByRole('button', { name: /^Restore/ }).click();
    const restore = page.getByRole('dialog', { name: `Restore “${skin.title}”?` });
    await restore.waitFor(WAIT);
    await restore.getByLabel(/^Note/).fill('The author showed the source files.');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await toast(page, `“${skin.title}” is restored.`).waitFor(WAIT);
    await row.getByText('Published', { exact: true }).waitFor(WAIT);

    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: skin.title, level: 1 }).waitFor(WAIT);

    // Its history lists both steps, newest first, by the admin.
    await row.getByRole('button', { name: /^History/ }).click();
    const history = page.getByRole('dialog', { name: `History of “${skin.title}”` });
    await history.getByText('Restored', { exact: true }).waitFor(WAIT);
    await history.getByText('Taken down', { exact: true }).waitFor();
    await history.getByText(reason).waitFor();
    await history.getByText('The author showed the source files.').waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
  });

  it('a user: the admin blocks them from Admin → Users (their session is refused), then unblocks them', async () => {
    const { page } = admin;
    // The account works before the block.
    expect((await rawGraphql('{ myUser { id } }', blockable.token)).errors).toBeUndefined();

    await page.goto('/admin');
    await openFromMenu(page, /^Users$/, '/admin/users');
    const search = page.getByLabel('Search users');

    // No Block for the admin's own row.
    await search.fill('admin');
    const own = page.getByRole('row').filter({ has: page.getByText('admin', { exact: true }) });
    await own.getByText('You', { exact: true }).first().waitFor(WAIT);
    expect(await own.getByRole('button', { name: /^Block/ }).count()).toBe(0);

    await search.fill(blockable.username);
    const row = page.getByRole('row').filter({ hasText: blockable.username });
    await row.waitFor(WAIT);
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Block/ }).click();
    const block = page.getByRole('dialog', { name: `Block ${blockable.username}?` });
    await block.getByText(/purchases, orders and payouts stay as they are/).waitFor(WAIT);
    const reason = `Spam account ${run}`;
    await chooseRule(page, block, '14.5');
    await block.getByLabel(/^Reason/).fill(reason);
    await block.getByRole('button', { name: 'Block account' }).click();
    await toast(page, `${blockable.username} is blocked.`).waitFor(WAIT);
    await row.getByText('Blocked', { exact: true }).waitFor(WAIT);
    await row.getByText(reason).waitFor();
    await screenshot(page, 'moderation-user-blocked');

    // The blocked account's next request is refused.
    const refused = await rawGraphql('{ myUser { id } }', blockable.token);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Its browser, signed in before the block, is told why on the next page load, with whom to write.
    const blocked = await openBrowser({ width: 1280, height: 800 });
    try {
      await blocked.context.addCookies([{ name: 'token', value: blockable.token, url: inject('appUrl') }]);
      await blocked.page.goto(`${inject('appUrl')}/`);
      await blocked.page
        .getByText(
          /^This account is blocked\. If you think this is a mistake, write to \S+@\S+ from its email address\.$/,
        )
        .waitFor(WAIT);
      await blocked.page.getByText('You were signed out').waitFor();
      await screenshot(blocked.page, 'moderation-blocked-account-told-why');
    } finally {
      await blocked.close();
    }

    // The Blocked filter lists it.
    await choose(page, 'Blocked');
    await row.waitFor(WAIT);

    await row.getByRole('button', { name: /^Unblock/ }).click();
    const unblock = page.getByRole('dialog', { name: `Unblock ${blockable.username}?` });
    await unblock.getByRole('button', { name: 'Unblock account' }).click();
    await toast(page, `${blockable.username} is unblocked.`).waitFor(WAIT);
    // It leaves the Blocked list; under All it is Active again.
    await expect.poll(() => row.count(), WAIT).toBe(0);
    await choose(page, 'All');
    await row.getByText('Active', { exact: true }).waitFor(WAIT);

    // The account's history shows the block and the unblock.
    await row.getByRole('button', { name: /^History/ }).click();
    const history = page.getByRole('dialog', { name: `History of ${blockable.username}’s account` });
    await history.getByText('Account blocked').waitFor(WAIT);
    await history.getByText('Account unblocked').waitFor();
    await page.keyboard.press('Escape');

    // A new sign-in works again.
    const login = await fetch(`${inject('appUrl')}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: blockable.username, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
  });
});
