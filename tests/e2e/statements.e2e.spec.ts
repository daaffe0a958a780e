import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { appGraphql, logInDemo, publishFreeSkin, registerAccount, type Account } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { waitForMail } from '../support/outbox';

// A statement of reasons in the browser (docs/moderation.md): an admin takes down a fresh author's
// skin naming a rule of the terms; the author reads the statement on Statements and appeals and
// appeals it; the admin finds the appeal on Appeals and reverses the decision; the author reads the
// answer and the skin is public again. The account and skin are made for this run.

const PASSWORD = 'statements-e2e-password';
const WAIT = { timeout: 20_000 };
const run = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 90 + 10)}`;

let author: Account;
let skin: { id: string; url: string; title: string };
let adminToken: string;
let authorBrowser: BrowserSession;
let adminBrowser: BrowserSession;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

async function signIn(page: Page, username: string, password: string) {
  const modal = page.getByRole('dialog');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await modal.getByRole('button', { name: 'Sign in' }).first().click();
  await modal.getByLabel('Username or email').fill(username);
  await modal.getByLabel(/^Password/).fill(password);
  await modal.getByRole('button', { name: 'Sign in' }).last().click();
  await toast(page, `Welcome back, ${username}`).waitFor(WAIT);
}

async function openFromMenu(page: Page, section: 'Player' | 'Admin', name: RegExp, path: string) {
  await page.goto('/me');
  await page
    .getByRole('navigation', { name: 'Account menu' })
    .getByRole('region', { name: section })
    .getByRole('link', { name })
    .first()
    .click();
  await page.waitForURL(`**${path}**`);
}

beforeAll(async () => {
  author = await registerAccount(`sor_author_${run}`, PASSWORD);
  const title = `Appeal Livery ${run}`;
  skin = { ...(await publishFreeSkin(author.token, title, 'Made by the statements journey')), title };
  adminToken = await logInDemo('admin');
  authorBrowser = await openBrowser({ width: 1280, height: 900 });
  adminBrowser = await openBrowser({ width: 1366, height: 900 });
}, 60_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await screenshot(authorBrowser.page, `failed-statements-author`);
    await screenshot(adminBrowser.page, `failed-statements-admin`);
  }
});

afterAll(async () => {
  // Whatever happened, the run's skin ends up public again.
  await fetch(`${inject('appUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      query: `mutation { restoreItem(itemType: SKIN, itemId: "${skin.id}") { success } }`,
    }),
  });
  await authorBrowser?.close();
  await adminBrowser?.close();
});

describe('a statement of reasons in the browser', () => {
  it('a takedown sends a statement, the author appeals it, the admin reverses it and the answer comes back', async () => {
    const facts = `The livery copies another author's design ${run}.`;
    await appGraphql(
      `mutation ($id: ID!, $reason: String!) {
        takeDownItem(itemType: SKIN, itemId: $id, ground: NO_RIGHTS, reason: $reason) { success } }`,
      adminToken,
      { id: skin.id, reason: facts },
    );

    // The author reads the statement: the facts, the rule (a link into the terms), no automation.
    const { page } = authorBrowser;
    await signIn(page, author.username, PASSWORD);
    await openFromMenu(page, 'Player', /^Statements and appeals/, '/me/statements');
    const statement = page.getByRole('article').filter({ hasText: skin.title });
    await statement.waitFor(WAIT);
    await statement.getByText(facts).waitFor();
    await statement.getByRole('link', { name: 'Rule 14.2 of the terms of service' }).waitFor();
    await statement.getByText(/no automated means were used/).waitFor();
    await screenshot(page, 'statement-of-reasons');

    // One appeal, with enough words.
    await statement.getByRole('button', { name: /^Appeal this decision/ }).click();
    await statement.getByRole('button', { name: 'Send the appeal' }).click();
    await statement.getByText(/Tell us in at least 10 characters/).waitFor(WAIT);
    const appealText = `I painted every layer myself, the files are dated ${run}.`;
    await statement.getByLabel(/^Why is the decision wrong/).fill(appealText);
    await statement.getByRole('button', { name: 'Send the appeal' }).click();
    await toast(page, 'Your appeal was sent.').waitFor(WAIT);
    await statement.getByText('Waiting for an admin’s answer.').waitFor(WAIT);
    expect(await statement.getByRole('button', { name: /^Appeal this decision/ }).count()).toBe(0);

    // The admin finds it among the appeals and reverses the decision with a reason.
    const admin = adminBrowser.page;
    await signIn(admin, 'admin', 'demo-password');
    await openFromMenu(admin, 'Admin', /^Appeals/, '/admin/appeals');
    const appeal = admin.getByRole('article').filter({ hasText: appealText });
    await appeal.waitFor(WAIT);
    await appeal.getByRole('link', { name: author.username }).waitFor();
    await screenshot(admin, 'appeals-queue');
    await appeal.getByRole('button', { name: `Reverse: ${author.username}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reverse the decision' });
    await dialog.getByLabel(/^Reason/).fill('The dated layer files show the design is original.');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await toast(admin, 'The appeal is answered.').waitFor(WAIT);
    await expect.poll(() => appeal.count(), WAIT).toBe(0);

    // The answer comes back to the author, and the skin is public again.
    await page.reload();
    await statement.getByText('The decision was reversed').waitFor(WAIT);
    await statement.getByText('The dated layer files show the design is original.').waitFor();
    await screenshot(page, 'statement-appeal-answered');
    await page.goto(`/skins/${skin.url}`);
    await page.getByRole('heading', { name: skin.title }).first().waitFor(WAIT);
  }, 240_000);

  it('a blocked person appeals through the link in the statement mail, without signing in', async () => {
    const blocked = await registerAccount(`sor_blocked_${run}`, PASSWORD);
    const facts = `Spam links under every skin ${run}.`;
    await appGraphql(
      `mutation ($id: ID!, $reason: String!) {
        blockUser(id: $id, ground: HARASSMENT_OR_SPAM, reason: $reason) { success } }`,
      adminToken,
      { id: String(blocked.id), reason: facts },
    );
    const mail = await waitForMail(
      path.join(inject('appDataDir'), 'outbox'),
      `${blocked.username}@example.com`,
      'statement of reasons',
      20_000,
    );
    const link = /https?:\/\/\S+(\/appeal\?t=\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no appeal link in ${mail.text}`);

    // A link changed by hand does not open anything.
    const { page } = authorBrowser;
    await page.context().clearCookies();
    await page.goto(`${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`);
    await page.getByText(/This appeal link does not work/).waitFor(WAIT);

    // The real one shows the statement and takes one appeal.
    await page.goto(link);
    const statement = page.getByRole('article');
    await statement.getByText(facts).waitFor(WAIT);
    await statement.getByRole('link', { name: 'Rule 14.5 of the terms of service' }).waitFor();
    await screenshot(page, 'appeal-link-page');
    const appealText = `Those were links to my own stream, ${run}.`;
    await statement.getByLabel(/^Why is the decision wrong/).fill(appealText);
    await statement.getByRole('button', { name: 'Send the appeal' }).click();
    await page.getByText('Your appeal was sent. An admin will answer it by mail.').waitFor(WAIT);
    await statement.getByText(appealText).waitFor();
    expect(await statement.getByRole('button', { name: 'Send the appeal' }).count()).toBe(0);
    await screenshot(page, 'appeal-link-page-sent');

    // The admin finds it in the queue like any other appeal.
    const admin = adminBrowser.page;
    await openFromMenu(admin, 'Admin', /^Appeals/, '/admin/appeals');
    await admin.getByRole('article').filter({ hasText: appealText }).waitFor(WAIT);
  }, 120_000);
});
