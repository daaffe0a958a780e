import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

/** A free demo skin with screenshots, found through the public API like any client would. */
async function aFreeSkin(): Promise<{ title: string; url: string }> {
  const response = await fetch(`${inject('appUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      // The list opens on the 2020 edition (spec 9: the default game filter).
      query:
        '{ skins(type: TM2020, page: { page: 0, size: 100 }) { content { title url price resources { type } } } }',
    }),
  });
  const { data } = (await response.json()) as {
    data: {
      skins: { content: { title: string; url: string; price: number; resources: { type: string }[] }[] };
    };
  };
  const free = data.skins.content.find(
    (skin) => skin.price === 0 && skin.resources.filter((r) => r.type === 'IMAGE').length >= 2,
  );
  if (!free) throw new Error('The demo catalogue has no free skin with screenshots');
  return free;
}

describe('browsing the catalogue in a browser', () => {
  it('homepage → skins → search → skin detail → lightbox → download a free skin', async () => {
    const skin = await aFreeSkin();
    session = await openBrowser();
    const { page } = session;

    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { name: 'MOST DOWNLOADED' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'LATEST SKINS' }).isVisible()).toBe(true);
    await screenshot(page, 'catalogue-home');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Skins' })
      .click();
    await page.waitForURL('**/skins**');
    const search = page.getByRole('searchbox', { name: 'Search skins' }).or(page.getByLabel('Search skins'));
    await search.first().fill(skin.title);
    await page.waitForURL((url) => url.searchParams.get('s') === skin.title, { timeout: 10_000 });
    const result = page.getByRole('link', { name: skin.title, exact: true }).first();
    await expect.poll(() => result.isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'catalogue-search');
    await result.click();

    await page.waitForURL(`**/skins/${skin.url}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: skin.title }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    // What is in the file, before downloading it.
    const archive = page.getByTestId('skin-archive');
    await expect.poll(() => archive.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await archive.innerText()).toMatch(/A [\d,]+\s(B|kB|MB) zip with \d+ files?/);
    expect(await archive.innerText()).toContain('For Trackmania (2020), the CarSport');
    await page
      .getByRole('button', { name: /^Open screenshot 1 of \d+ in full size$/ })
      .first()
      .click();
    await expect.poll(() => page.locator('.yarl__root').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'catalogue-lightbox');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.yarl__root').count()).toBe(0);

    const downloadButton = page.getByRole('button', { name: `Download ${skin.title} for free` }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe(`${skin.url}.zip`);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).subarray(0, 2).toString()).toBe('PK');
    // The button rests for 5 s after a click.
    expect(await downloadButton.isDisabled()).toBe(true);
    // The download says it started, and where the file goes for the skin's game (TM2020) and system.
    const started = page.locator('.mantine-Notification-root').filter({ hasText: 'Download started' });
    await expect.poll(() => started.isVisible(), { timeout: 10_000 }).toBe(true);
    const folder = page.getByTestId('install-folder');
    await expect.poll(() => folder.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await folder.innerText()).toBe('%USERPROFILE%\\Documents\\Trackmania\\Skins\\Models\\CarSport');
    await page.getByLabel('Your system').selectOption('linux');
    await expect
      .poll(() => folder.innerText())
      .toBe(
        '~/.steam/steam/steamapps/compatdata/<game id>/pfx/drive_c/users/steamuser/Documents/Trackmania/Skins/Models/CarSport',
      );
    await page.getByLabel('Your system').selectOption('windows');
    await expect
      .poll(() => page.getByRole('button', { name: 'Copy the folder path' }).isVisible())
      .toBe(true);
    await screenshot(page, 'catalogue-download-install-helper');

    // Other players' downloads show on the open page without a reload.
    const count = page.getByTestId('skin-download-count');
    const shown = async () => Number((await count.innerText()).replace(/[^0-9]/g, ''));
    const before = await shown();
    await Promise.all(
      Array.from({ length: 25 }, () =>
        fetch(`${inject('appUrl')}/assets/skin/${skin.url}`).then((response) => response.arrayBuffer()),
      ),
    );
    await expect.poll(shown, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 25);
    await screenshot(page, 'catalogue-download-count-rose');
  });
});

describe('downloading from a list', () => {
  it("a free skin's card downloads it and its toast shows where the file goes, with the path to copy", async () => {
    const skin = await aFreeSkin();
    session = await openBrowser();
    const { page } = session;
    await page.goto(`/skins?s=${encodeURIComponent(skin.title)}`);
    const button = page.getByRole('button', { name: `Download ${skin.title} for free` }).first();
    await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`${skin.url}.zip`);
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Download started' });
    await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(true);
    const folder = toast.getByTestId('install-folder');
    await expect.poll(() => folder.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await folder.innerText()).toBe('%USERPROFILE%\\Documents\\Trackmania\\Skins\\Models\\CarSport');
    expect(await toast.getByRole('button', { name: 'Copy the folder path' }).isVisible()).toBe(true);
    // The whole helper shows: the toast is not cut at Mantine's default 200 px.
    const box = await toast.boundingBox();
    expect(box!.height).toBeGreaterThan(200);
    // Mantine's wrapper around each toast sets its maximum height: it must hold the whole toast.
    const clipped = await toast.evaluate(
      (element) =>
        element.getBoundingClientRect().height - element.parentElement!.getBoundingClientRect().height,
    );
    expect(clipped).toBeLessThanOrEqual(1);
    await screenshot(page, 'catalogue-card-download-install-toast');
  });
});

describe('the skins list on a phone (390 × 844)', () => {
  it('leaves at least 80 % of the screen to the cards once the visitor scrolls: the filter bar scrolls away', async () => {
    session = await openBrowser({ width: 390, height: 844 });
    const { page } = session;
    await page.goto('/skins');
    const filters = page.getByRole('search', { name: 'Filter skins' });
    await expect.poll(() => filters.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => page.locator('a[href^="/skins/"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(3);

    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    // What stays over the cards: the top bar and whatever of the filter bar is still on screen.
    const covered = await page.evaluate(() => {
      const bottomOf = (element: Element | null) => Math.max(0, element?.getBoundingClientRect().bottom ?? 0);
      return Math.max(bottomOf(document.querySelector('header')), bottomOf(document.querySelector('search')));
    });
    expect(covered).toBeGreaterThan(0);
    expect((844 - covered) / 844).toBeGreaterThanOrEqual(0.8);
    await screenshot(page, 'catalogue-phone-scrolled');
  });
});
