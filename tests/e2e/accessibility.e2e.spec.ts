import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appGraphql as graphql } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { checkoutForm } from '../support/shop';

// axe-core checks every public page, the sign-in modal and an author's account pages against
// WCAG 2.0/2.1 A and AA, in both colour schemes. One browser per scheme, one tab reused for every
// page: the whole file takes about a minute.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WAIT = { timeout: 20_000 };
const SCHEMES = ['dark', 'light'] as const;
type Scheme = (typeof SCHEMES)[number];

const STATIC_PAGES = [
  '/about',
  '/about-payout-system',
  '/installation-guide',
  '/blog',
  '/faq',
  '/terms-of-service',
  '/refunds',
  '/privacy',
  '/submissions',
  '/roadmap',
  '/reset-password?c=not-a-real-code',
];

type Catalogue = {
  skins: { content: { id: string; url: string; price: number }[] };
  bundles: { content: { id: string; url: string; price: number }[] };
  authors: { content: { url: string }[] };
};

/** Real pages of the demo data: a paid skin, a bundle, an author, one of the author's payouts. */
async function demoPages() {
  const catalogue = await graphql<Catalogue>(`
    {
      skins(page: { page: 0, size: 24 }) {
        content {
          id
          url
          price
        }
      }
      bundles(page: { page: 0, size: 6 }) {
        content {
          id
          url
          price
        }
      }
      authors(page: { page: 0, size: 6 }) {
        content {
          url
        }
      }
    }
  `);
  const paidSkin = catalogue.skins.content.find((skin) => skin.price > 0);
  const bundle = catalogue.bundles.content.find((item) => item.price > 0);
  const author = catalogue.authors.content[0];
  if (!paidSkin || !bundle || !author) throw new Error('The demo data has no paid skin, bundle or author');
  return { paidSkin, bundle, author };
}

/** Waits until the page has rendered its content: a heading in main, no skeleton, no spinner. */
async function settle(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const main = document.querySelector('main');
          if (!main || !main.querySelector('h1, h2')) return false;
          return (
            main.querySelectorAll('.mantine-Skeleton-root, .mantine-Loader-root, [aria-busy="true"]')
              .length === 0
          );
        }),
      WAIT,
    )
    .toBe(true);
}

type Finding = { page: string; id: string; impact: string; help: string; targets: string[] };

/** Runs axe on the page as it is now; returns its violations, one line per rule and page. */
async function violationsOf(page: Page, name: string): Promise<Finding[]> {
  // Details of passes and incomplete checks are not needed: asking for violations only is faster.
  // (options() replaces the run options: the tags come after it.)
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations.map((violation) => ({
    page: name,
    id: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    targets: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')} :: ${node.failureSummary ?? ''}`),
  }));
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.page}: ${finding.id} (${finding.impact}) ${finding.help}\n` +
        finding.targets.map((target) => `    ${target.replace(/\s+/g, ' ')}`).join('\n'),
    )
    .join('\n');
}

async function openIn(scheme: Scheme) {
  const session = await openBrowser();
  // The site remembers the visitor's colour scheme under this key (dark by default).
  await session.page.addInitScript((value) => localStorage.setItem('trackskins-color-scheme', value), scheme);
  return session;
}

async function scan(page: Page, scheme: Scheme, path: string, findings: Finding[]) {
  await page.goto(path);
  await settle(page);
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
  const found = await violationsOf(page, `${scheme} ${path}`);
  if (found.length > 0) await screenshot(page, `axe-${scheme}-${path}`);
  findings.push(...found);
}

describe('accessibility of every public page and the account area (axe, WCAG 2.1 AA)', () => {
  let pages: Awaited<ReturnType<typeof demoPages>>;
  const sessions: BrowserSession[] = [];
  beforeAll(async () => {
    pages = await demoPages();
  });
  afterAll(async () => {
    for (const session of sessions) await session.close();
  });

  for (const scheme of SCHEMES) {
    it(
      `finds no violation on the public pages and the sign-in modal in the ${scheme} scheme`,
      { timeout: 180_000 },
      async () => {
        const session = await openIn(scheme);
        sessions.push(session);
        const { page } = session;
        const findings: Finding[] = [];
        const paths = [
          '/',
          '/skins',
          `/skins/${pages.paidSkin.url}`,
          '/bundles',
          `/bundles/${pages.bundle.url}`,
          '/authors',
          `/authors/${pages.author.url}`,
          ...STATIC_PAGES,
        ];
        for (const path of paths) await scan(page, scheme, path, findings);

        // The checkout with a skin and a bundle in the cart (the cart keeps their ids in the browser).
        await page.evaluate(
          ({ skin, bundle }) => {
            localStorage.setItem('cart-skins', JSON.stringify([Number(skin)]));
            localStorage.setItem('cart-bundles', JSON.stringify([Number(bundle)]));
          },
          { skin: pages.paidSkin.id, bundle: pages.bundle.id },
        );
        await scan(page, scheme, '/cart/summary', findings);
        expect(await page.getByText('There are no items in your shopping cart.').count()).toBe(0);

        // A guest's order confirmation page, paid through the local card stand-in, with its downloads.
        const checkout = await page.request.post('/api/stripe/checkout', {
          data: checkoutForm({ skins: [pages.paidSkin.id] }),
        });
        expect(checkout.status()).toBe(200);
        const paid = await page.request.post(`${await checkout.text()}/pay`, { form: {}, maxRedirects: 0 });
        const confirmation = paid.headers()['location'] ?? '';
        expect(confirmation).toMatch(/^\/orders\/TS-\d{4}-\d+\?k=/);
        await page.goto(confirmation);
        await page
          .getByRole('link', { name: /^Download / })
          .first()
          .waitFor(WAIT);
        await scan(page, scheme, confirmation, findings);

        // The sign-in modal, opened from the top bar.
        await page.goto('/');
        await settle(page);
        await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
        const modal = page.getByRole('dialog');
        await modal.getByLabel('Username or email').waitFor(WAIT);
        findings.push(...(await violationsOf(page, `${scheme} sign-in modal`)));
        // Sent empty: the fields' error messages must read too.
        await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
        await modal.locator('[aria-invalid="true"]').first().waitFor(WAIT);
        findings.push(...(await violationsOf(page, `${scheme} sign-in modal with errors`)));

        expect(findings, report(findings)).toEqual([]);
      },
    );

    it(
      `finds no violation on an author's account pages in the ${scheme} scheme`,
      { timeout: 180_000 },
      async () => {
        const session = await openIn(scheme);
        sessions.push(session);
        const { page } = session;
        // Signed in through the API: the browser context shares its cookies with the page.
        const login = await page.request.post('/api/auth/login', {
          data: { username: 'author', password: 'demo-password' },
        });
        expect(login.status()).toBe(200);
        const token = (await login.text()).trim();
        const payouts = await graphql<{ myPayouts: { content: { id: string }[] } }>(
          `
            {
              myPayouts(page: { page: 0, size: 1 }) {
                content {
                  id
                }
              }
            }
          `,
          token,
        );
        const payout = payouts.myPayouts.content[0];
        expect(payout, 'the demo author has a payout').toBeDefined();

        const findings: Finding[] = [];
        const paths = [
          '/me',
          '/me/skins',
          '/me/bundles',
          '/me/collection',
          '/me/purchase-history',
          '/me/publish',
          '/me/publish/skin',
          '/me/publish/bundle',
          '/me/dashboard',
          '/me/payouts',
          `/me/payouts/${payout!.id}`,
          '/me/settings',
          '/me/settings/api-tokens',
          '/me/notifications',
          '/me/settings/webhooks',
        ];
        for (const path of paths) await scan(page, scheme, path, findings);
        expect(findings, report(findings)).toEqual([]);
      },
    );
  }
});
