import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

/** The text of the option a native select shows. */
const selectedLabel = (select: Locator) =>
  select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.label ?? '');

/** The free TM2020 skins by downloads, as the public API answers: what the page must show. */
async function freeTm2020ByDownloads(): Promise<{ title: string; downloads: number }[]> {
  const response = await fetch(`${inject('appUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `{ skins(type: TM2020, price: { free: true }, page: { page: 0, size: 15, sortBy: "downloads" }) {
        content { title price downloads { total } } } }`,
    }),
  });
  const { data } = (await response.json()) as {
    data: { skins: { content: { title: string; price: number; downloads: { total: number } }[] } };
  };
  return data.skins.content.map((skin) => ({ title: skin.title, downloads: skin.downloads.total }));
}

describe('finding skins', () => {
  it('a newcomer finds the most downloaded free TM2020 skins in two clicks, and a reload keeps them', async () => {
    expect((await freeTm2020ByDownloads()).length).toBeGreaterThan(1);
    session = await openBrowser({ width: 1440, height: 900 });
    const { page } = session;
    await page.goto('/skins');
    // The default shows one game, and says so.
    await expect
      .poll(() => page.getByText('Showing Trackmania (2020) skins only.').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.locator('article').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // Click 1: the sort select's option.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Most downloaded' });
    await page.waitForURL((url) => url.searchParams.get('o') === 'downloads', { timeout: 10_000 });
    // Click 2: free skins only.
    await page.getByRole('search', { name: 'Filter skins' }).getByText('Free', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('f') === 'free', { timeout: 10_000 });

    // One read of the cards as the page shows them at that moment: locators per card would wait (up
    // to their own timeout, longer than the poll's) for a card the list has just redrawn away.
    const cards = () =>
      page.locator('article').evaluateAll((articles) =>
        articles.map((card) => ({
          title: card.querySelector('h1, h2, h3, h4, h5, h6')?.textContent?.trim() ?? '',
          // The visible count's accessible label: "1,234 downloads".
          downloads: Number(
            (
              card
                .querySelector('[role="img"][aria-label$="download"], [role="img"][aria-label$="downloads"]')
                ?.getAttribute('aria-label') ?? 'NaN'
            )
              .replace(/ downloads?$/, '')
              .replace(/,/g, ''),
          ),
          free: card.querySelectorAll('button[aria-label$=" for free"]').length,
        })),
      );
    // Other journeys download and publish skins on the same app meanwhile: the page is compared with
    // the API's answer of the same moment; when they differ the page is loaded again (the address
    // keeps the sort and filter) until both agree.
    // The page's last list answer, so a failure says whether the server answered it from its cache.
    let lastListAnswer = { request: '', cache: '' };
    page.on('response', (response) => {
      const request = response.request().postData() ?? '';
      if (response.url().endsWith('/graphql') && request.includes('skins('))
        lastListAnswer = { request, cache: response.headers()['x-cache'] ?? 'none' };
    });
    let shown: Awaited<ReturnType<typeof cards>> = [];
    let expected: Awaited<ReturnType<typeof freeTm2020ByDownloads>> = [];
    const showsExpected = async () => {
      [shown, expected] = await Promise.all([cards(), freeTm2020ByDownloads()]);
      const same =
        shown.length === expected.length &&
        shown.every((card, index) => card.title === expected[index]!.title && card.free === 1);
      // A list drawn before the latest downloads is loaded again; one still loading or still adding
      // its cards is waited for.
      const growing = (await page.locator('ul[aria-busy="true"]').count()) > 0;
      if (!same && shown.length > 0 && !growing) {
        await page.reload();
        await page.locator('article').first().waitFor({ timeout: 10_000 });
      }
      return same;
    };
    const untilShowsExpected = async () => {
      try {
        await expect.poll(showsExpected, { timeout: 30_000 }).toBe(true);
      } catch (error) {
        // Name what differed: the page's list, the API's, and the page's query asked again now.
        const askedAgain = await fetch(`${inject('appUrl')}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: lastListAnswer.request,
        });
        throw new Error(
          `The page and the API disagree: ${JSON.stringify({
            shown: shown.map((card) => `${card.title} (${card.downloads})`),
            expected: expected.map((skin) => `${skin.title} (${skin.downloads})`),
            pageAnswer: lastListAnswer,
            askedAgain: {
              cache: askedAgain.headers.get('x-cache'),
              body: (await askedAgain.text()).slice(0, 4000),
            },
          })}`,
          { cause: error },
        );
      }
    };
    await untilShowsExpected();
    const counts = shown.map((card) => card.downloads);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts).toEqual(expected.map((skin) => skin.downloads));
    await screenshot(page, 'discovery-most-downloaded-free');

    await page.reload();
    await untilShowsExpected();
    expect(await selectedLabel(page.getByRole('combobox', { name: 'Sort by' }))).toBe('Most downloaded');
    expect(await page.getByRole('radio', { name: 'Free' }).isChecked()).toBe(true);

    // Every game is one click away.
    await page.getByRole('button', { name: 'Show all games' }).click();
    await page.waitForURL((url) => url.searchParams.get('t') === 'all', { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('o')).toBe('downloads');
    expect(new URL(page.url()).searchParams.get('f')).toBe('free');
    await expect
      .poll(() => page.getByText('Showing skins of every game.').isVisible(), { timeout: 10_000 })
      .toBe(true);
  });

  it('a search is ordered by best match until another sort is chosen', async () => {
    session = await openBrowser({ width: 1440, height: 900 });
    const { page } = session;
    await page.goto('/skins');
    await page.getByRole('searchbox', { name: 'Search skins' }).fill('neon');
    await page.waitForURL((url) => url.searchParams.get('s') === 'neon', { timeout: 10_000 });
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect.poll(() => selectedLabel(sort), { timeout: 10_000 }).toBe('Best match');
    expect(new URL(page.url()).searchParams.get('o')).toBeNull();
    await sort.selectOption({ label: 'Latest' });
    await page.waitForURL((url) => url.searchParams.get('o') === 'latest', { timeout: 10_000 });
  });

  it('filters chosen one right after the other all stay in the address', async () => {
    session = await openBrowser({ width: 1440, height: 900 });
    const { page } = session;
    await page.goto('/skins');
    await page.locator('article').first().waitFor({ timeout: 10_000 });
    // No wait between the choices: each is made before the page has drawn the one before.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Most downloaded' });
    await page.getByRole('combobox', { name: 'Game' }).selectOption({ label: 'All games' });
    await page.getByRole('search', { name: 'Filter skins' }).getByText('Paid', { exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('o') === 'downloads' &&
        url.searchParams.get('t') === 'all' &&
        url.searchParams.get('f') === 'paid',
      { timeout: 10_000 },
    );
    expect(await selectedLabel(page.getByRole('combobox', { name: 'Sort by' }))).toBe('Most downloaded');
  });

  it('a price range in euros: refused while the lowest is above the highest', async () => {
    session = await openBrowser({ width: 1440, height: 900 });
    const { page } = session;
    await page.goto('/skins?t=all');
    const min = page.getByRole('textbox', { name: 'Lowest price in euros' });
    const max = page.getByRole('textbox', { name: 'Highest price in euros' });
    await min.fill('20');
    await min.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('min') === '20', { timeout: 10_000 });
    await max.fill('5');
    await max.press('Enter');
    await expect
      .poll(() => page.getByText('The lowest price cannot be above the highest price.').isVisible())
      .toBe(true);
    expect(new URL(page.url()).searchParams.get('max')).toBeNull();
    await min.fill('2');
    await min.press('Enter');
    await page.waitForURL(
      (url) => url.searchParams.get('min') === '2' && url.searchParams.get('max') === '5',
      {
        timeout: 10_000,
      },
    );
    // Every card shows a price from 2 to 5 euros, once the list has followed the address (it renders
    // as a transition: the cards of the range before stay until then).
    const shownPrices = () =>
      page.getByRole('button', { name: /to the cart for/ }).evaluateAll((buttons) =>
        buttons.map((button) =>
          Number(
            (button.getAttribute('aria-label') ?? '')
              .replace(/^.* for /, '')
              .replace(/[^\d,]/g, '')
              .replace(',', '.'),
          ),
        ),
      );
    await expect
      .poll(
        async () => {
          const prices = await shownPrices();
          return prices.length > 0 && prices.every((euros) => euros >= 2 && euros <= 5);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });
});
