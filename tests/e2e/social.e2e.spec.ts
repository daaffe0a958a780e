import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// The e2e app runs without X or Instagram keys: every publication goes to the local outbox,
// $DATA_DIR/outbox/social, with copies of its images.

const PASSWORD = 'demo-password';
/** Every wait allows for a busy machine. */
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
  return session.page;
}

async function signIn(page: Page, username: string) {
  const modal = page.getByRole('dialog');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  await modal.getByLabel('Username or email').fill(username);
  await modal.getByLabel(/^Password/).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Sign in' }).last().click();
  await expect
    .poll(
      () =>
        page
          .locator('.mantine-Notification-root')
          .filter({ hasText: `Welcome back, ${username}` })
          .isVisible(),
      WAIT,
    )
    .toBe(true);
}

type DemoSkin = {
  id: string;
  url: string;
  title: string;
  author: { username: string; twitter: string | null; instagram: string | null };
  resources: { id: string; type: string; order: number; filename: string }[];
};

/** The newest 2020-edition skin with at least two pictures: its card is on the first page of /skins. */
async function skinToPost(): Promise<DemoSkin & { images: DemoSkin['resources'] }> {
  const data = await graphql<{ skins: { content: DemoSkin[] } }>(
    `
      {
        skins(type: TM2020, page: { page: 0, size: 15 }) {
          content {
            id
            url
            title
            author {
              username
              twitter
              instagram
            }
            resources {
              id
              type
              order
              filename
            }
          }
        }
      }
    `,
    await logIn('player'),
  );
  for (const skin of data.skins.content) {
    const images = skin.resources.filter((r) => r.type === 'IMAGE').sort((a, b) => a.order - b.order);
    if (images.length >= 2) return { ...skin, images };
  }
  throw new Error('No demo skin with two pictures on the first page of /skins');
}

type OutboxEntry = {
  id: string;
  network: string;
  message: string;
  images: { filename: string; file: string }[];
};

/** The social outbox's posts whose message is `message`, by network. */
async function outboxPosts(message: string): Promise<Map<string, OutboxEntry>> {
  const dir = path.join(inject('appDataDir'), 'outbox', 'social');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  const posts = new Map<string, OutboxEntry>();
  for (const name of names) {
    const entry = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxEntry;
    if (entry.message === message) posts.set(entry.network, entry);
  }
  return posts;
}

const imageButton = (page: Page, position: number, title: string) =>
  page.getByRole('button', { name: new RegExp(`^Image ${position} of ${title}(, selected as \\d+)?$`) });

describe('posting a skin on social media in the browser', () => {
  it('the admin opens a skin card’s shortcut, writes with the quick inserts, picks two pictures and publishes to both networks, which land in the local outbox', async () => {
    const skin = await skinToPost();
    const page = await open({ width: 1366, height: 900 });
    await signIn(page, 'admin');

    // The shortcut on the skin's card opens the social media page with the skin chosen.
    await page.goto('/skins');
    const card = page.getByRole('article', { name: skin.title });
    const shortcut = card.getByRole('link', { name: `Post on social media: ${skin.title}` });
    await shortcut.waitFor(WAIT);
    await shortcut.click();
    await page.waitForURL(/\/admin\/social-media\?/, WAIT);
    expect(new URL(page.url()).searchParams.get('s')).toBe(skin.url);
    await page.getByRole('heading', { name: skin.title, level: 2 }).waitFor(WAIT);
    // Without keys the page says where posts go.
    await page.getByText('No keys are configured for X and Instagram').waitFor(WAIT);
    const twitter = page.getByRole('checkbox', { name: 'X', exact: true });
    const instagram = page.getByRole('checkbox', { name: 'Instagram' });
    expect(await twitter.isChecked()).toBe(true);
    expect(await instagram.isChecked()).toBe(true);

    // The message, written with the quick inserts at the cursor.
    const run = Date.now().toString(36);
    const box = page.getByLabel('Message');
    await box.fill(`Run ${run}: fresh paint,`);
    await box.press('ControlOrMeta+End');
    await page.getByRole('button', { name: `Insert the skin title: ${skin.title}` }).click();
    await box.pressSequentially(' by');
    const handle = skin.author.twitter
      ? `@${skin.author.twitter.replace(/^@/, '')}`
      : skin.author.instagram
        ? `@${skin.author.instagram.replace(/^@/, '')}`
        : skin.author.username;
    await page.getByRole('button', { name: `Insert the author: ${handle}` }).click();
    const link = `${inject('appUrl')}/skins/${encodeURIComponent(skin.url)}`;
    await page.getByRole('button', { name: `Insert the link to the skin page: ${link}` }).click();
    await page.getByRole('button', { name: /^Insert the hashtags/ }).click();
    const message = `Run ${run}: fresh paint, ${skin.title} by ${handle} ${link} #Trackmania #TrackmaniaSkins #Trackmania2020`;
    expect(await box.inputValue()).toBe(message);
    // The counter follows the strictest network: a Latin message within 260 characters.
    expect(await page.getByTestId('social-counter').textContent()).toContain(
      `${[...message].length} / 260 characters`,
    );

    // Two pictures, the second first: numbered in the order chosen, renumbered after a deselection.
    await imageButton(page, 2, skin.title).click();
    await imageButton(page, 1, skin.title).click();
    expect(await imageButton(page, 2, skin.title).getAttribute('aria-label')).toBe(
      `Image 2 of ${skin.title}, selected as 1`,
    );
    expect(await imageButton(page, 1, skin.title).getAttribute('aria-label')).toBe(
      `Image 1 of ${skin.title}, selected as 2`,
    );
    expect(await imageButton(page, 1, skin.title).getAttribute('aria-pressed')).toBe('true');
    await imageButton(page, 2, skin.title).click();
    expect(await imageButton(page, 1, skin.title).getAttribute('aria-label')).toBe(
      `Image 1 of ${skin.title}, selected as 1`,
    );
    expect(await imageButton(page, 2, skin.title).getAttribute('aria-pressed')).toBe('false');
    await imageButton(page, 2, skin.title).click();
    expect(await imageButton(page, 2, skin.title).getAttribute('aria-label')).toBe(
      `Image 2 of ${skin.title}, selected as 2`,
    );
    // Taking out the first moves the second up: the second picture leads the post again.
    await imageButton(page, 1, skin.title).click();
    expect(await imageButton(page, 2, skin.title).getAttribute('aria-label')).toBe(
      `Image 2 of ${skin.title}, selected as 1`,
    );
    await imageButton(page, 1, skin.title).click();
    expect(await imageButton(page, 1, skin.title).getAttribute('aria-label')).toBe(
      `Image 1 of ${skin.title}, selected as 2`,
    );
    expect(await page.getByText('2 of at most 10 selected').isVisible()).toBe(true);

    // Publish to both networks: each is done, the button reads Published and stays disabled.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const published = page.getByRole('button', { name: 'Published' });
    await published.waitFor(WAIT);
    expect(await published.isDisabled()).toBe(true);
    for (const network of ['TWITTER', 'INSTAGRAM']) {
      const status = page.getByTestId(`social-status-${network}`);
      await status.getByText('Written to the outbox').waitFor(WAIT);
      // Where to find it, in words, not the outbox file's raw name.
      expect(await status.textContent()).toContain('Saved as a post in the Local outbox tab');
      expect(await status.textContent()).not.toMatch(/\.json/);
    }
    await expect
      .poll(
        () =>
          page
            .locator('.mantine-Notification-root')
            .filter({ hasText: /Saved for (X|Instagram) in the local outbox/ })
            .count(),
        WAIT,
      )
      .toBe(2);

    // The publications list has both, and the outbox tab shows the post with its two pictures.
    const publications = page.getByRole('tabpanel', { name: 'Publications' });
    await expect.poll(() => publications.getByText(`Run ${run}:`).count(), WAIT).toBeGreaterThanOrEqual(2);
    await page.getByRole('tab', { name: 'Local outbox' }).click();
    const entries = page.getByTestId('social-outbox-entry').filter({ hasText: `Run ${run}:` });
    await expect.poll(() => entries.count(), WAIT).toBe(2);
    expect(await entries.first().getByRole('img').count()).toBe(2);

    // On disk: one JSON file per network, the images copied in the chosen order.
    const dir = path.join(inject('appDataDir'), 'outbox', 'social');
    const posts = await outboxPosts(message);
    expect([...posts.keys()].sort()).toEqual(['INSTAGRAM', 'TWITTER']);
    const chosen = [skin.images[1]!.filename, skin.images[0]!.filename];
    for (const post of posts.values()) {
      expect(post.images.map((image) => image.filename)).toEqual(chosen);
      for (const [index, image] of post.images.entries()) {
        expect(path.basename(image.file)).toBe(`${index + 1}-${image.filename}`);
        const copied = await fs.stat(path.join(dir, image.file));
        expect(copied.size).toBeGreaterThan(0);
      }
    }

    // Changing the message starts again: Publish is back.
    await box.press('ControlOrMeta+End');
    await box.pressSequentially(' GG');
    await page.getByRole('button', { name: 'Publish', exact: true }).waitFor(WAIT);
    expect(await page.getByTestId('social-status-TWITTER').textContent()).toBe('');
  });

  it('a player sees no social media shortcut on skin cards, an admin one on each', async () => {
    const player = await open({ width: 1366, height: 900 });
    await signIn(player, 'player');
    await player.goto('/skins');
    await player.getByRole('article').first().waitFor(WAIT);
    expect(await player.getByRole('article').count()).toBeGreaterThan(0);
    expect(await player.getByRole('link', { name: /^Post on social media/ }).count()).toBe(0);
    await player.goto('/authors');
    await player.locator('a[href^="/authors/"]').first().waitFor(WAIT);
    expect(await player.getByRole('link', { name: /^Post on social media/ }).count()).toBe(0);

    const admin = await open({ width: 1366, height: 900 });
    await signIn(admin, 'admin');
    await admin.goto('/skins');
    await admin.getByRole('article').first().waitFor(WAIT);
    // Every card of the whole list (the grid adds its cards a few at a time) has its shortcut.
    await expect
      .poll(async () => {
        const cards = await admin.getByRole('article').count();
        const shortcuts = await admin.getByRole('link', { name: /^Post on social media/ }).count();
        const growing = await admin.locator('ul[aria-busy="true"]').count();
        return growing === 0 && cards > 1 && shortcuts === cards;
      }, WAIT)
      .toBe(true);
    // An author card's shortcut opens the page with the author chosen.
    await admin.goto('/authors');
    const authorShortcut = admin.getByRole('link', { name: /^Post on social media: / }).first();
    await authorShortcut.waitFor(WAIT);
    const name = (await authorShortcut.getAttribute('aria-label'))!.replace('Post on social media: ', '');
    await authorShortcut.click();
    await admin.waitForURL(/\/admin\/social-media\?a=/, WAIT);
    await admin.getByRole('heading', { name, level: 2 }).waitFor(WAIT);
    await admin
      .getByRole('button', { name: /^Image 1 of / })
      .first()
      .waitFor(WAIT);
  });
});
