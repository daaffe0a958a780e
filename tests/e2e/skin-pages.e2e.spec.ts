import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql, logInDemo } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// Skin pages that help decide (bundle offers, 'Free' downloading free skins, more from the author, the
// phone's sticky bar), author cards and pages with totals, and My Skins' figures, on the demo data.
let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

const WAIT = { timeout: 10_000 };
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type ListedSkin = {
  title: string;
  url: string;
  price: number;
  author: { username: string };
  bundles: { title: string; savings: number }[];
};

async function demoSkins(): Promise<ListedSkin[]> {
  const data = await appGraphql<{ skins: { content: ListedSkin[] } }>(
    `{ skins(page: { page: 0, size: 100 }) { content {
      title url price author { username } bundles { title savings }
    } } }`,
  );
  return data.skins.content;
}

describe('a skin page', () => {
  it('offers the bundles holding the skin with their saving, and more from its author', async () => {
    const skin = (await demoSkins()).find((s) => s.price > 0 && s.bundles.some((b) => b.savings > 0));
    if (!skin) throw new Error('The demo catalogue has no paid skin in a bundle that saves');
    const bundle = skin.bundles.find((b) => b.savings > 0)!;
    session = await openBrowser({ width: 1440, height: 900 });
    const { page } = session;
    await page.goto(`/skins/${skin.url}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: skin.title }).isVisible(), WAIT)
      .toBe(true);

    const offer = page.getByRole('link', {
      name: new RegExp(`^Also in bundle ${literally(bundle.title)}, save `),
    });
    await expect.poll(() => offer.isVisible(), WAIT).toBe(true);
    const saving = bundle.savings.toFixed(2).replace('.', ',');
    expect(await offer.innerText()).toContain(saving);
    // The rating and the downloads sit by the title; the facts say when it was last updated.
    expect(
      await page
        .getByTestId('skin-summary')
        .getByRole('img', { name: /^Rated|Not rated/ })
        .count(),
    ).toBe(1);
    expect(await page.getByText('Updated', { exact: true }).isVisible()).toBe(true);

    const more = page.getByRole('heading', { level: 2, name: `More from ${skin.author.username}` });
    await expect.poll(() => more.isVisible(), WAIT).toBe(true);
    const section = page.locator('section', { has: more });
    const cards = section.getByRole('heading', { level: 3 });
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.allInnerTexts()).not.toContain(skin.title);
    // Desktop: no sticky bar.
    expect(await page.getByTestId('skin-sticky-bar').isVisible()).toBe(false);
    await screenshot(page, 'skin-page-bundle-offer');

    await offer.click();
    await page.waitForURL('**/bundles/**');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: bundle.title }).isVisible(), WAIT)
      .toBe(true);
  });

  it("shows a free skin's button reading 'Free', which downloads it", async () => {
    const skin = (await demoSkins()).find((s) => s.price === 0);
    if (!skin) throw new Error('The demo catalogue has no free skin');
    session = await openBrowser({ width: 1440, height: 900 });
    const { page } = session;
    await page.goto(`/skins/${skin.url}`);
    const button = page.getByRole('button', { name: `Download ${skin.title} for free` }).first();
    await expect.poll(() => button.isVisible(), WAIT).toBe(true);
    expect(await button.getAttribute('data-testid')).toBe('free-download');
    // One button reading 'Free', no separate label beside a 'Download' button.
    expect(await button.innerText()).toBe('Free');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`${skin.url}.zip`);
  });

  it('keeps the button at hand on a phone once the card has scrolled away', async () => {
    const skin = (await demoSkins()).find((s) => s.price > 0);
    if (!skin) throw new Error('The demo catalogue has no paid skin');
    session = await openBrowser({ width: 390, height: 844 });
    const { page } = session;
    await page.goto(`/skins/${skin.url}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: skin.title }).isVisible(), WAIT)
      .toBe(true);
    const bar = page.getByRole('complementary', { name: 'Get this skin' });
    const cardButton = page.locator('[data-skin-get-button]');

    await cardButton.scrollIntoViewIfNeeded();
    await expect.poll(() => bar.isVisible(), WAIT).toBe(false);

    // The comments and the author's other skins join the page once its first screen is shown, so
    // the page grows after the first scroll: scroll down again until the card's button is away.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 6000);
        return bar.isVisible();
      }, WAIT)
      .toBe(true);
    expect(
      await bar
        .getByRole('button', { name: new RegExp(`^Add ${literally(skin.title)} to the cart`) })
        .isVisible(),
    ).toBe(true);
    // At the very end, the bar covers nothing: the page keeps room under its last line. Parts load
    // after the page (the footer, the comments), so the end is scrolled to again until they have.
    const endUncovered = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const barTop = (await bar.boundingBox())!.y;
      const lastLine = await page
        .locator('footer')
        .last()
        .evaluate((footer) => footer.getBoundingClientRect().bottom);
      return lastLine <= barTop + 1;
    };
    await expect.poll(endUncovered, WAIT).toBe(true);
    await screenshot(page, 'skin-page-phone-sticky-bar');
  });
});

describe('authors', () => {
  it('show their totals and sample work on the cards, and their bundles on their page', async () => {
    session = await openBrowser({ width: 1440, height: 900 });
    const { page } = session;
    await page.goto('/authors');
    const card = page.locator('a[href="/authors/author"]');
    await expect.poll(() => card.isVisible(), WAIT).toBe(true);
    const text = await card.innerText();
    expect(text).toMatch(/\d[\d,]* downloads/);
    expect(text).toMatch(/Rated \d\.\d\d from \d+ votes/);
    expect(await card.getByTestId('author-samples').locator('img').count()).toBe(3);

    await card.click();
    await page.waitForURL('**/authors/author');
    const totals = page.getByTestId('author-totals');
    await expect.poll(() => totals.isVisible(), WAIT).toBe(true);
    expect(await totals.innerText()).toMatch(/\d+ bundles?/);
    expect(await page.getByRole('heading', { level: 2, name: 'Bundles by author' }).isVisible()).toBe(true);
    await screenshot(page, 'author-page-totals');
  });
});

describe('My Skins', () => {
  it("shows each skin's downloads, sales and rating to its author", async () => {
    const token = await logInDemo('author');
    const data = await appGraphql<{
      myCreatedSkins: {
        content: {
          title: string;
          sales: number;
          downloads: { total: number };
          rating: { average: number; totalRatings: number };
        }[];
      };
    }>(
      '{ myCreatedSkins(page: { page: 0, size: 10 }) { content { title sales downloads { total } rating { average totalRatings } } } }',
      token,
    );
    // A demo skin with sales and votes (other journeys may add fresh skins without votes).
    const sold = data.myCreatedSkins.content.find((skin) => skin.sales > 0 && skin.rating.totalRatings > 0);
    if (!sold) throw new Error('The demo author has no rated skin sold alone');

    session = await openBrowser({ width: 1440, height: 900 });
    const { page, context } = session;
    const login = await context.request.post(`${inject('appUrl')}/api/auth/login`, {
      data: { username: 'author', password: 'demo-password' },
    });
    expect(login.status()).toBe(200);
    await page.goto('/me/skins');
    for (const header of ['Downloads', 'Sales', 'Rating (votes)']) {
      await expect.poll(() => page.getByRole('columnheader', { name: header }).isVisible(), WAIT).toBe(true);
    }
    const row = page.getByRole('row', { name: new RegExp(literally(sold.title)) });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells).toContain(sold.downloads.total.toLocaleString('cs-CZ'));
    expect(cells).toContain(sold.sales.toLocaleString('cs-CZ'));
    expect(cells).toContain(`${sold.rating.average.toFixed(2)} (${sold.rating.totalRatings})`);
    // A skin without votes says so instead of a zero average.
    const unrated = data.myCreatedSkins.content.find((skin) => skin.rating.totalRatings === 0);
    if (unrated) {
      const unratedRow = page.getByRole('row', { name: new RegExp(literally(unrated.title)) }).first();
      expect(await unratedRow.getByRole('cell').allInnerTexts()).toContain('No votes');
    }
    await screenshot(page, 'my-skins-figures');

    // Headers and buttons say what they are in words, not icons alone.
    expect((await page.getByRole('columnheader', { name: 'Downloads' }).innerText()).trim()).toBe(
      'Downloads',
    );
    expect((await row.getByRole('link', { name: `Update ${sold.title}` }).innerText()).trim()).toBe('Update');
    expect((await row.getByRole('button', { name: `Download ${sold.title}` }).innerText()).trim()).toBe(
      'Download',
    );
    expect(await row.getByRole('button', { name: /^(Hide|Publish) / }).innerText()).toMatch(
      /^(Hide|Publish)$/,
    );

    // The author's own skin page offers its editor.
    await row.getByRole('link', { name: sold.title, exact: true }).click();
    await page.waitForURL('**/skins/**');
    const edit = page.getByRole('link', { name: 'Edit skin' });
    await expect.poll(() => edit.isVisible(), WAIT).toBe(true);
    expect(await edit.getAttribute('href')).toMatch(/^\/me\/skin\/edit\//);
    await screenshot(page, 'skin-page-own-edit-link');
  });
});
