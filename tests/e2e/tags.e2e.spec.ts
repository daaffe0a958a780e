import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { appGraphql, logInDemo } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// Tags in the browser: a player narrows the gallery with a tag chip (the URL says which, every card
// shown carries it, the chip's count is the number of skins listed); an admin adds a tag and an author
// gives it to a skin in the skin editor, after which players find that skin under it.

const WAIT = { timeout: 15_000 };
let sessions: BrowserSession[] = [];
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [n, session] of sessions.entries()) await screenshot(session.page, `failed-tags-${n}`);
  for (const session of sessions) await session.close();
  sessions = [];
});

async function browser(viewport?: { width: number; height: number }) {
  const session = await openBrowser(viewport);
  sessions.push(session);
  return session.page;
}

/** Signs the page's browser in as a demo account (the login call sets the session cookies). */
async function signIn(page: Page, username: string) {
  const response = await page.context().request.post('/api/auth/login', {
    data: { username, password: 'demo-password' },
  });
  expect(response.status()).toBe(200);
}

/** The tags shown on each card of the grid, by card title. */
async function cardTags(page: Page): Promise<{ title: string; tags: string[] }[]> {
  return page.locator('article').evaluateAll((cards) =>
    cards.map((card) => ({
      title: card.querySelector('h2, h3, h4')?.textContent?.trim() ?? '',
      tags: [...card.querySelectorAll('[data-tag]')].map((tag) => tag.getAttribute('data-tag') ?? ''),
    })),
  );
}

const resultsLine = (page: Page) => page.getByText(/^\d+ skins?$/).first();
/** The number of skins a chip's accessible name announces ("Neon, 4 skins"). */
const countIn = (label: string | null) => Number(/, (\d+) skins?$/.exec(label ?? '')?.[1]);
/** A chip is a checkbox drawn by its label: people click the label. */
async function chipLabel(page: Page, checkbox: ReturnType<Page['getByRole']>) {
  const id = await checkbox.getAttribute('id');
  return page.locator(`label[for="${id}"]`);
}

describe('the tag filter', () => {
  it('a player picks a tag chip: the URL holds it, every card carries it, the count matches', async () => {
    const page = await browser();
    await page.goto('/skins');
    const filter = page.getByRole('region', { name: 'Tags' });
    const neon = filter.getByRole('checkbox', { name: /^Neon, \d+ skins?$/ });
    await expect.poll(() => neon.count(), WAIT).toBe(1);
    const count = countIn(await neon.getAttribute('aria-label'));
    expect(count).toBeGreaterThan(0);

    await (await chipLabel(page, neon)).click();
    await page.waitForURL((url) => url.searchParams.getAll('tag').includes('neon'), WAIT);
    await expect.poll(() => neon.isChecked(), WAIT).toBe(true);
    await expect
      .poll(async () => (await resultsLine(page).textContent())?.trim(), WAIT)
      .toBe(`${count} ${count === 1 ? 'skin' : 'skins'}`);
    const cards = await cardTags(page);
    expect(cards).toHaveLength(Math.min(count, 15));
    for (const card of cards) expect(card.tags, card.title).toContain('neon');
    await screenshot(page, 'tags-filter-neon');

    // A second chip narrows further: its count said how many skins carry both.
    const second = filter.getByRole('checkbox', { checked: false }).first();
    await expect.poll(() => second.count(), WAIT).toBe(1);
    const secondCount = countIn(await second.getAttribute('aria-label'));
    await (await chipLabel(page, second)).click();
    await page.waitForURL((url) => url.searchParams.getAll('tag').length === 2, WAIT);
    const secondSlug = new URL(page.url()).searchParams.getAll('tag').find((slug) => slug !== 'neon') ?? '';
    await expect
      .poll(async () => (await resultsLine(page).textContent())?.trim(), WAIT)
      .toBe(`${secondCount} ${secondCount === 1 ? 'skin' : 'skins'}`);
    const both = await appGraphql<{ skins: { content: { title: string; tags: { slug: string }[] }[] } }>(
      'query ($tags: [String!]) { skins(type: TM2020, tags: $tags, page: { page: 0, size: 50 }) { content { title tags { slug } } } }',
      undefined,
      { tags: ['neon', secondSlug] },
    );
    expect(both.skins.content).toHaveLength(secondCount);
    for (const skin of both.skins.content)
      expect(skin.tags.map((tag) => tag.slug)).toEqual(expect.arrayContaining(['neon', secondSlug]));

    await page.getByRole('button', { name: 'Clear tags' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('tag'), WAIT);
  });

  it('an admin adds a tag, an author gives it to a skin in the editor, and players find the skin under it', async () => {
    const adminToken = await logInDemo('admin');
    const name = `Frost ${Date.now() % 100_000}`;
    const { createTag } = await appGraphql<{ createTag: { slug: string } }>(
      'mutation ($input: TagInput!) { createTag(input: $input) { slug } }',
      adminToken,
      { input: { name, group: 'STYLE', position: 0 } },
    );

    // The admin page lists it in its group.
    const admin = await browser();
    await signIn(admin, 'admin');
    await admin.goto('/admin/tags');
    await expect.poll(() => admin.locator(`tr[data-tag="${createTag.slug}"]`).isVisible(), WAIT).toBe(true);
    await screenshot(admin, 'tags-admin-page');

    // The author picks it in the skin editor of one of their TM2020 skins with room for another tag.
    const authorToken = await logInDemo('author');
    const mine = await appGraphql<{
      myCreatedSkins: { content: { url: string; title: string; type: string; tags: { slug: string }[] }[] };
    }>(
      '{ myCreatedSkins(page: { page: 0, size: 50 }) { content { url title type tags { slug } } } }',
      authorToken,
    );
    const skin = mine.myCreatedSkins.content.find((s) => s.type === 'TM2020' && s.tags.length < 5);
    if (!skin) throw new Error('The demo author has no TM2020 skin with room for a tag');
    const author = await browser();
    await signIn(author, 'author');
    await author.goto(`/me/skin/edit/${skin.url}`);
    const picker = author.getByRole('region', { name: 'Tags' }).locator('input:not([type="hidden"])');
    await expect.poll(() => picker.first().isVisible(), WAIT).toBe(true);
    await picker.first().click();
    await picker.first().fill(name);
    await author.getByRole('option', { name }).click();
    await author.keyboard.press('Escape');
    await author.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => {
        const answer = await appGraphql<{ skin: { tags: { slug: string }[] } }>(
          'query ($url: String!) { skin(url: $url) { tags { slug } } }',
          undefined,
          { url: skin.url },
        );
        return answer.skin.tags.map((tag) => tag.slug);
      }, WAIT)
      .toEqual([createTag.slug, ...skin.tags.map((tag) => tag.slug)]);

    // A player on a phone follows the tag from the skin page to the filtered gallery.
    const player = await browser({ width: 390, height: 844 });
    await player.goto(`/skins/${skin.url}`);
    const link = player.getByRole('link', { name: `Show all skins tagged ${name}` });
    await expect.poll(() => link.isVisible(), WAIT).toBe(true);
    await link.click();
    await player.waitForURL((url) => url.searchParams.get('tag') === createTag.slug, WAIT);
    await expect.poll(async () => (await resultsLine(player).textContent())?.trim(), WAIT).toBe('1 skin');
    const cards = await cardTags(player);
    expect(cards).toEqual([{ title: skin.title, tags: expect.arrayContaining([createTag.slug]) }]);
    await screenshot(player, 'tags-filter-phone');
  });
});
