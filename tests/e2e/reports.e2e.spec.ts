import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// What players and authors see of moderation (docs/web-moderation-for-players.md): a player reports
// a skin and a comment, an author finds their skin taken down in My Skins, a blocked account is told
// why it cannot sign in. Every change to the demo data made here is undone at the end of its test.

const PASSWORD = 'player-password';
/** Every wait allows for a busy machine (argon2 hashing on sign-in, cold chunks). */
const WAIT = { timeout: 20_000 };

let sessions: BrowserSession[] = [];
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [index, session] of sessions.entries())
      await screenshot(session.page, `failed-${context.task.name}-${index}`);
  for (const session of sessions) await session.close();
  sessions = [];
});

async function open(viewport?: { width: number; height: number }) {
  const session = await openBrowser(viewport);
  sessions.push(session);
  return session;
}

/** A GraphQL call whose refusal the test reads (appGraphql fails the test on any error). */
async function rawGraphql(query: string, token: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${inject('appUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

/** A new account made through the REST API, as the register form makes one; its token and id. */
async function registerPlayer(prefix: string): Promise<{ username: string; token: string; id: string }> {
  const username = `${prefix}_${Date.now() % 1_000_000}`;
  const response = await fetch(`${inject('appUrl')}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD, country: 'cz' }),
  });
  expect(response.status).toBe(200);
  const token = (await response.text()).trim();
  const me = await graphql<{ myUser: { id: string } }>('{ myUser { id } }', token);
  return { username, token, id: me.myUser.id };
}

/** The browser signed in with a session token, as the other journeys do. */
async function signInBrowser(session: BrowserSession, token: string) {
  await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

type ReportedKey = `${'SKIN' | 'BUNDLE' | 'COMMENT'}-${string}`;

/** Every item anyone ever reported (open or answered), so the test reports fresh ones only. */
async function everReported(adminToken: string): Promise<Set<ReportedKey>> {
  const data = await graphql<{ reportedItems: { content: { itemType: string; itemId: string }[] } }>(
    `
      {
        reportedItems(status: null, page: { page: 0, size: 100 }) {
          content {
            itemType
            itemId
          }
        }
      }
    `,
    adminToken,
  );
  return new Set(data.reportedItems.content.map((item) => `${item.itemType}-${item.itemId}` as ReportedKey));
}

type Candidate = { id: string; url: string; title: string; comment: { id: string; writer: string } };

/**
 * A demo skin by an author who is none of the demo accounts, never reported, whose newest comment
 * (the first on its page) was never reported either and is not by the skin's author.
 */
async function unreportedSkinWithComment(adminToken: string): Promise<Candidate> {
  const reported = await everReported(adminToken);
  const skins = await graphql<{
    skins: { content: { id: string; url: string; title: string; author: { username: string } }[] };
  }>(`
    {
      skins(type: TM2020, page: { page: 0, size: 50 }) {
        content {
          id
          url
          title
          author {
            username
          }
        }
      }
    }
  `);
  for (const skin of skins.skins.content) {
    if (['admin', 'author', 'player'].includes(skin.author.username)) continue;
    if (reported.has(`SKIN-${skin.id}`)) continue;
    const comments = await graphql<{ comments: { content: { id: string; user: { username: string } }[] } }>(
      `
        query Comments($skin: ID) {
          comments(skin: $skin, page: { page: 0, size: 1, sortBy: "createdAt", sortDirection: DESC }) {
            content {
              id
              user {
                username
              }
            }
          }
        }
      `,
      undefined,
      { skin: skin.id },
    );
    const newest = comments.comments.content[0];
    if (!newest || reported.has(`COMMENT-${newest.id}`) || newest.user.username === skin.author.username)
      continue;
    return { ...skin, comment: { id: newest.id, writer: newest.user.username } };
  }
  throw new Error('The demo catalogue has no unreported TM2020 skin with comments');
}

const MY_REPORT = `query Mine($itemType: ModeratedItemType!, $itemId: ID!) {
  myReport(itemType: $itemType, itemId: $itemId) { reason status }
}`;
const REPORT = `mutation Report($itemType: ModeratedItemType!, $itemId: ID!, $reason: ReportReason!) {
  reportItem(itemType: $itemType, itemId: $itemId, reason: $reason) { success }
}`;

describe('moderation as players and authors see it', () => {
  it('a player reports a skin and one of its comments, once each', async () => {
    const adminToken = await logIn('admin');
    const skin = await unreportedSkinWithComment(adminToken);
    const player = await registerPlayer('reporter');
    const session = await open({ width: 1366, height: 900 });
    const { page } = session;
    await signInBrowser(session, player.token);
    const modal = page.getByRole('dialog');

    try {
      await page.goto(`/skins/${encodeURIComponent(skin.url)}`);
      await page.getByRole('heading', { name: skin.title, level: 1 }).waitFor(WAIT);

      // The skin: the form checks its rules (the shared schema) before anything is sent.
      const reportSkin = page.getByRole('button', { name: 'Report this skin' });
      expect(await reportSkin.isDisabled()).toBe(false);
      await reportSkin.click();
      await modal.getByRole('heading', { name: 'Report this skin' }).waitFor(WAIT);
      await modal.getByRole('button', { name: 'Send report' }).click();
      await expect.poll(() => modal.getByText('Choose why you report it.').isVisible()).toBe(true);
      await modal.getByLabel('Something else').check();
      await modal.getByLabel(/^Details/).fill('too short');
      await expect
        .poll(() => modal.getByText(/Tell us in a few words \(at least 10 characters\)/).isVisible())
        .toBe(true);
      expect(await modal.getByText('9 / 500').isVisible()).toBe(true);
      await modal.getByLabel('Screenshots do not match the skin').check();
      await modal.getByLabel(/^Details/).fill('The car in the pictures has another number.');
      await screenshot(page, 'reports-skin-form');
      await modal.getByRole('button', { name: 'Send report' }).click();
      await expect
        .poll(() => toast(page, 'Thank you. An admin will look at it.').isVisible(), WAIT)
        .toBe(true);
      await expect.poll(() => modal.isVisible()).toBe(false);
      const reported = page.getByRole('button', { name: 'Reported', exact: true });
      expect(await reported.isDisabled()).toBe(true);
      expect(await page.getByText(/^You reported it on \d\d\. \d\d\. \d{4}\.$/).isVisible()).toBe(true);
      const skinReport = await graphql<{ myReport: { reason: string; status: string } | null }>(
        MY_REPORT,
        player.token,
        { itemType: 'SKIN', itemId: skin.id },
      );
      expect(skinReport.myReport).toEqual({ reason: 'MISLEADING', status: 'OPEN' });

      // The newest comment (the first of the list): spam.
      await page
        .getByRole('button', { name: `Report the comment by ${skin.comment.writer}` })
        .first()
        .click();
      await modal.getByRole('heading', { name: 'Report this comment' }).waitFor(WAIT);
      await modal.getByLabel('Spam or advertising').check(WAIT);
      await modal.getByRole('button', { name: 'Send report' }).click();
      await expect.poll(() => modal.isVisible(), WAIT).toBe(false);
      const commentReported = page.getByRole('button', {
        name: `You reported the comment by ${skin.comment.writer}`,
      });
      await expect.poll(() => commentReported.isVisible(), WAIT).toBe(true);
      expect(await commentReported.isDisabled()).toBe(true);
      const commentReport = await graphql<{ myReport: { reason: string } | null }>(MY_REPORT, player.token, {
        itemType: 'COMMENT',
        itemId: skin.comment.id,
      });
      expect(commentReport.myReport?.reason).toBe('SPAM');
      await screenshot(page, 'reports-reported');

      // A second visit: the skin's button is "Reported" from the start, and the comment's modal says
      // it was reported (the page asks about a comment only when its modal opens).
      await page.reload();
      await page.getByRole('heading', { name: skin.title, level: 1 }).waitFor(WAIT);
      await expect.poll(() => reported.isVisible(), WAIT).toBe(true);
      expect(await page.getByRole('button', { name: 'Report this skin' }).count()).toBe(0);
      expect(await reported.isDisabled()).toBe(true);
      await page
        .getByRole('button', { name: `Report the comment by ${skin.comment.writer}` })
        .first()
        .click();
      await expect.poll(() => modal.getByText('Already reported').isVisible(), WAIT).toBe(true);
      await expect
        .poll(() => modal.getByText(/You reported this comment on .*Spam or advertising/).isVisible(), WAIT)
        .toBe(true);
      expect(await modal.getByRole('button', { name: 'Send report' }).count()).toBe(0);
      await screenshot(page, 'reports-already-reported');
      await modal.getByRole('button', { name: 'Close' }).last().click();
      await expect.poll(() => modal.isVisible()).toBe(false);
      await expect.poll(() => commentReported.isVisible(), WAIT).toBe(true);

      // The API refuses a second report of the same item (what the modal would say).
      const again = await rawGraphql(REPORT, player.token, {
        itemType: 'SKIN',
        itemId: skin.id,
        reason: 'SPAM',
      });
      expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    } finally {
      // Leave the reports queue as the demo data has it: close the two reports made here.
      for (const [itemType, itemId] of [
        ['SKIN', skin.id],
        ['COMMENT', skin.comment.id],
      ] as const) {
        await rawGraphql(
          `mutation Dismiss($itemType: ModeratedItemType!, $itemId: ID!) {
            dismissReports(itemType: $itemType, itemId: $itemId, note: "Browser journey") { success }
          }`,
          adminToken,
          { itemType, itemId },
        );
      }
    }
  });

  it('an author finds their skin taken down in My Skins, with the reason and no way to publish it', async () => {
    const adminToken = await logIn('admin');
    const authorToken = await logIn('author');
    const reported = await everReported(adminToken);
    const mine = await graphql<{
      myCreatedSkins: { content: { id: string; url: string; title: string; published: boolean }[] };
    }>(
      `
        {
          myCreatedSkins(page: { page: 0, size: 10, sortBy: "createdAt", sortDirection: DESC }) {
            content {
              id
              url
              title
              published
            }
          }
        }
      `,
      authorToken,
    );
    // One of the first page's published skins without reports (a takedown would uphold them).
    const skin = mine.myCreatedSkins.content.find((s) => s.published && !reported.has(`SKIN-${s.id}`));
    if (!skin) throw new Error('The demo author has no published skin without reports');
    const reason = 'Browser journey: the screenshots show another author’s livery.';
    const takeDown = await rawGraphql(
      `mutation Down($id: ID!, $reason: String!) {
        takeDownItem(itemType: SKIN, itemId: $id, ground: NO_RIGHTS, reason: $reason) { success }
      }`,
      adminToken,
      { id: skin.id, reason },
    );
    expect(takeDown.errors).toBeUndefined();

    try {
      const session = await open({ width: 1366, height: 900 });
      const { page } = session;
      await signInBrowser(session, authorToken);
      await page.goto('/me/skins');
      const row = page.getByRole('row').filter({ hasText: skin.title });
      const badge = row.getByTestId('takedown-badge');
      await badge.waitFor(WAIT);
      expect(await badge.textContent()).toBe('Taken down by an admin');
      expect(await row.getByText(reason).isVisible()).toBe(true);
      expect(await row.getByText(/\d\d\. \d\d\. \d{4}: “/).isVisible()).toBe(true);
      // The switch (here "Hide", the skin being published by its author) is inert and says why.
      const toggle = row.getByRole('button', { name: `Hide ${skin.title} from players` });
      expect(await toggle.getAttribute('aria-disabled')).toBe('true');
      const why = await toggle.evaluate(
        (button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      );
      expect(why).toContain('An admin took this skin down');
      await toggle.click({ force: true });
      await page.waitForTimeout(500);
      expect(await toast(page, 'Hiding your skin from players').count()).toBe(0);
      await screenshot(page, 'reports-my-skins-taken-down');

      // The author's own view of the skin's page says the same at the top.
      await page.goto(`/skins/${encodeURIComponent(skin.url)}`);
      const notice = page.getByTestId('takedown-notice');
      await notice.waitFor(WAIT);
      expect(await notice.textContent()).toContain(reason);
      expect(await notice.textContent()).toContain('you cannot publish it again until an admin restores it');
      expect(await page.getByRole('button', { name: 'Report this skin' }).count()).toBe(0);

      // The API refuses to publish it, with a message the toggle's toast would show.
      const publish = await rawGraphql(
        `mutation Publish($id: ID!) { hideSkin(hide: false, id: $id) { success } }`,
        authorToken,
        { id: skin.id },
      );
      expect(publish.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      const restore = await rawGraphql(
        `mutation Restore($id: ID!) { restoreItem(itemType: SKIN, itemId: $id, reason: "Browser journey") { success } }`,
        adminToken,
        { id: skin.id },
      );
      expect(restore.errors).toBeUndefined();
    }
    // Restored: the row is back to normal.
    const after = await graphql<{ skin: { takedown: unknown; published: boolean } | null }>(
      `
        query Skin($url: String!) {
          skin(url: $url) {
            published
            takedown {
              reason
            }
          }
        }
      `,
      authorToken,
      { url: skin.url },
    );
    expect(after.skin).toEqual({ published: true, takedown: null });
  });

  it('a blocked account: its open page loses the session, and the sign-in says it is blocked', async () => {
    const adminToken = await logIn('admin');
    const skin = await unreportedSkinWithComment(adminToken);
    const player = await registerPlayer('blocked');
    const session = await open({ width: 390, height: 844 });
    const { page } = session;
    await signInBrowser(session, player.token);
    await page.goto(`/skins/${encodeURIComponent(skin.url)}`);
    await page.getByRole('button', { name: 'Report this skin' }).waitFor(WAIT);

    const block = await rawGraphql(
      `mutation Block($id: ID!) { blockUser(id: $id, ground: HARASSMENT_OR_SPAM, reason: "Browser journey: spam accounts.") { success } }`,
      adminToken,
      { id: player.id },
    );
    expect(block.errors).toBeUndefined();

    // The page still shows the user; the next call meets the ended session.
    const modal = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Report this skin' }).click();
    await modal.getByLabel('Spam or advertising').check(WAIT);
    await modal.getByRole('button', { name: 'Send report' }).click();
    await expect
      .poll(() => toast(page, 'Your session has ended. Sign in again to go on.').isVisible(), WAIT)
      .toBe(true);
    await modal.getByRole('heading', { name: 'Sign in' }).waitFor(WAIT);

    // A wrong password learns nothing; the right one hears that the account is blocked.
    await modal.getByLabel('Username or email').fill(player.username);
    await modal.getByLabel(/^Password/).fill('not-the-password');
    await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = modal.getByRole('alert');
    await expect
      .poll(async () => (await alert.isVisible()) && (await alert.textContent()), WAIT)
      .toContain("Sorry, that user or password doesn't match anyone we know.");
    await modal.getByLabel(/^Password/).fill(PASSWORD);
    await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => alert.textContent(), WAIT)
      .toMatch(
        /^This account is blocked. If you think this is a mistake, write to \S+@\S+ from its email address.$/,
      );
    // The page forgot the ended session (its claims cookie is gone).
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )session=/);
    await screenshot(page, 'reports-blocked-sign-in');
    // The account is the test's own; the demo accounts stay as they were.
  });
});
