import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// Follows and the wishlist in the browser (docs/community.md): the demo player follows an author on
// the author page, sees the follower count move and finds the author on /me/following, then wishes
// a skin from its card and finds it on /me/wishlist. The follow and the wish are undone at the end.

/** Every wait allows for a busy machine (cold chunks). */
const WAIT = { timeout: 20_000 };

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

type Author = { id: string; url: string; username: string; followerCount: number };
type Skin = { id: string; url: string; title: string; author: { username: string } };

describe('follows and the wishlist in the browser', () => {
  it('the player follows an author, finds them on /me/following, and wishes a skin from its card', async () => {
    const token = await logIn('player');
    const me = await graphql<{ myUser: { id: string; username: string } }>(
      '{ myUser { id username } }',
      token,
    );

    // An author the player does not follow yet.
    const { authors } = await graphql<{ authors: { content: Author[] } }>(
      '{ authors(page: { page: 0, size: 50 }) { content { id url username followerCount } } }',
    );
    const candidates = authors.content.filter((author) => author.id !== me.myUser.id);
    const { viewerAuthorStates } = await graphql<{
      viewerAuthorStates: { id: string; following: boolean }[];
    }>('query ($ids: [ID!]!) { viewerAuthorStates(ids: $ids) { id following } }', token, {
      ids: candidates.map((author) => author.id),
    });
    const author = candidates.find((candidate) =>
      viewerAuthorStates.some((state) => state.id === candidate.id && !state.following),
    );
    if (!author) throw new Error('The demo player follows every author');

    // A skin on the first page of the skins list the player neither owns, wished nor made.
    const { skins } = await graphql<{ skins: { content: Skin[] } }>(
      '{ skins(page: { page: 0, size: 15, sortBy: "createdAt", sortDirection: DESC }) { content { id url title author { username } } } }',
    );
    const owned = await graphql<{ myOwnedSkinIds: string[]; viewerWishes: { skinIds: string[] } }>(
      '{ myOwnedSkinIds viewerWishes { skinIds } }',
      token,
    );
    const skin = skins.content.find(
      (candidate) =>
        candidate.author.username !== me.myUser.username &&
        !owned.myOwnedSkinIds.includes(candidate.id) &&
        !owned.viewerWishes.skinIds.includes(candidate.id),
    );
    if (!skin) throw new Error('No skin on the first page of the list to wish');

    session = await openBrowser();
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);
    try {
      // The demo player follows authors already: the homepage shows their newest skins.
      await page.goto('/');
      await expect
        .poll(() => page.getByRole('heading', { name: 'From authors you follow' }).isVisible(), WAIT)
        .toBe(true);
      await screenshot(page, 'follows-homepage-row');

      // Follow on the author page: the button and the count change.
      await page.goto(`/authors/${encodeURIComponent(author.url)}`);
      const followButton = page.getByRole('button', { name: `Follow ${author.username}` });
      await expect.poll(() => followButton.isVisible(), WAIT).toBe(true);
      const count = page.getByTestId('follower-count');
      expect(await count.textContent()).toContain(`${author.followerCount} follower`);
      await followButton.click();
      const unfollowButton = page.getByRole('button', { name: `Stop following ${author.username}` });
      await expect.poll(() => unfollowButton.isVisible(), WAIT).toBe(true);
      expect(await unfollowButton.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => count.textContent(), WAIT).toContain(`${author.followerCount + 1} follower`);
      await expect.poll(() => toast(page, `You follow ${author.username}`).isVisible(), WAIT).toBe(true);
      await screenshot(page, 'follows-author-followed');
      // What the server holds, not only what the page shows.
      const after = await graphql<{ author: { followerCount: number } }>(
        'query ($id: ID!) { author(id: $id) { followerCount } }',
        undefined,
        { id: author.id },
      );
      expect(after.author.followerCount).toBe(author.followerCount + 1);

      // The account menu's Following page lists the author.
      await page.goto('/me');
      await page
        .getByRole('link', { name: /^Following/ })
        .first()
        .click();
      await page.waitForURL('**/me/following');
      const list = page.getByTestId('following-list');
      await expect.poll(() => list.getByRole('link', { name: author.username }).isVisible(), WAIT).toBe(true);
      await screenshot(page, 'follows-following-page');

      // Wish the skin from its card on the skins list.
      await page.goto('/skins?t=all');
      const heart = page.getByRole('button', { name: `Add ${skin.title} to your wishlist` });
      await expect.poll(() => heart.isVisible(), WAIT).toBe(true);
      await heart.click();
      await expect.poll(() => toast(page, `${skin.title} is on your wishlist.`).isVisible(), WAIT).toBe(true);
      const wished = page.getByRole('button', { name: `Remove ${skin.title} from your wishlist` }).first();
      expect(await wished.getAttribute('aria-pressed')).toBe('true');
      await screenshot(page, 'follows-skin-wished');

      await page.getByRole('link', { name: 'Profile' }).first().click();
      await page.waitForURL('**/me');
      await page
        .getByRole('link', { name: /^Wishlist/ })
        .first()
        .click();
      await page.waitForURL('**/me/wishlist');
      const items = page.getByTestId('wishlist-items');
      await expect
        .poll(() => items.getByRole('link', { name: skin.title }).first().isVisible(), WAIT)
        .toBe(true);
      await screenshot(page, 'follows-wishlist-page');

      // The skin's own page shows the heart pressed, and a Follow button beside its author.
      await page.goto(`/skins/${encodeURIComponent(skin.url)}`);
      const pageHeart = page.getByRole('button', { name: `Remove ${skin.title} from your wishlist` }).first();
      await expect.poll(() => pageHeart.isVisible(), WAIT).toBe(true);
      expect(await page.getByTestId('follow-button').count()).toBe(1);
      await screenshot(page, 'follows-skin-page');
    } finally {
      await graphql('mutation ($id: Long!) { unfollowAuthor(authorId: $id) { following } }', token, {
        id: Number(author.id),
      });
      await graphql('mutation ($id: Long!) { unwishItem(itemType: SKIN, itemId: $id) { wished } }', token, {
        id: Number(skin.id),
      });
    }
  }, 120_000);
});
