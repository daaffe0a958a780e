import { parseFeed } from '@rowanmanning/feed-parser';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, publishFreeSkin, registerAccount } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// The community's loop (docs/community.md): a player follows an author, the author publishes a
// skin, the player's bell tells them and the author's feed lists it. Fresh accounts of this run, so
// the demo's follows and notifications stay as they are.

const WAIT = { timeout: 20_000 };
const run = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 90 + 10)}`;

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail') await screenshot(session.page, 'failed-community');
  await session?.close();
  session = null;
});

describe('following an author', () => {
  it("a player follows an author, the author publishes a skin: the bell shows it and the author's feed lists it", async () => {
    const password = 'community-e2e-password';
    const author = await registerAccount(`comm_author_${run}`, password);
    const player = await registerAccount(`comm_player_${run}`, password);
    const { author: page0 } = await graphql<{ author: { url: string } }>(
      'query ($id: ID) { author(id: $id) { url } }',
      undefined,
      { id: author.id },
    );

    session = await openBrowser();
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: player.token, url: inject('appUrl') }]);
    await page.goto(`/authors/${encodeURIComponent(page0.url)}`);
    await page.getByRole('button', { name: `Follow ${author.username}` }).click();
    await page.getByRole('button', { name: `Stop following ${author.username}` }).waitFor(WAIT);

    const bell = page.getByTestId('notification-bell');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, none unread');

    const title = `Community Livery ${run}`;
    const skin = await publishFreeSkin(author.token, title, 'Made by the community journey');

    // The count refreshes when the page is shown again (here: loaded again).
    await expect
      .poll(async () => {
        await page.reload();
        return bell.getAttribute('aria-label');
      }, WAIT)
      .toBe('Notifications, 1 unread');
    await bell.click();
    const told = page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(title) });
    await told.waitFor(WAIT);
    await screenshot(page, 'community-bell-new-skin');
    await told.click();
    await page.waitForURL(`**/skins/${skin.url}`, WAIT);
    await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);

    // The author page names its feeds, and a feed reader finds the new skin first in it.
    const html = await (await fetch(`${inject('appUrl')}/authors/${encodeURIComponent(page0.url)}`)).text();
    const rssLink = /<link rel="alternate" type="application\/rss\+xml"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(rssLink).toBeDefined();
    // Its address is absolute on the configured public address: asked here of the app under test.
    const feedPath = new URL(rssLink!.replace(/&amp;/g, '&'), inject('appUrl')).pathname;
    const feedResponse = await fetch(`${inject('appUrl')}${feedPath}`);
    expect(feedResponse.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const feed = parseFeed(await feedResponse.text());
    expect(feed.items[0]?.title).toBe(title);
    expect(feed.items[0]?.url).toMatch(new RegExp(`/skins/${skin.url}$`));
  }, 90_000);
});
