import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql as graphql, logInDemo as logIn, payByCardLocally } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// The e2e app runs without provider keys: buyers pay on the local card checkout page and a PayPal
// payout goes through the local stand-in for PayPal Payouts.

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

const GAMES = ['TM2020', 'TMNF', 'TM_TURBO', 'TM2', 'TMUF', 'TM_SUNRISE', 'TM'] as const;
const MIN_PAYOUT = 50;

type PayoutSummary = { id: string; amount: number; payoutStatus: string };

/**
 * The demo author (other than the demo accounts) whose paid skins sold alone are worth the most, with
 * those skins: one order of all of them brings the author's payout near the minimum fast.
 */
async function richestAuthor(
  rank = 0,
): Promise<{ username: string; skins: { id: string; title: string }[] }> {
  const byAuthor = new Map<string, { id: string; title: string; price: number }[]>();
  for (const game of GAMES) {
    const data = await graphql<{
      skins: {
        content: {
          id: string;
          title: string;
          price: number;
          availableAlone: boolean;
          author: { username: string };
        }[];
      };
    }>(`{
      skins(type: ${game}, page: { page: 0, size: 100 }) {
        content { id title price availableAlone author { username } }
      }
    }`);
    for (const skin of data.skins.content) {
      if (skin.price <= 0 || !skin.availableAlone) continue;
      if (['author', 'admin', 'player'].includes(skin.author.username)) continue;
      byAuthor.set(skin.author.username, [...(byAuthor.get(skin.author.username) ?? []), skin]);
    }
  }
  const [username, skins] =
    [...byAuthor.entries()].sort(
      ([, a], [, b]) =>
        b.reduce((sum, skin) => sum + skin.price, 0) - a.reduce((sum, skin) => sum + skin.price, 0),
    )[rank] ?? [];
  if (!username || !skins) throw new Error('The demo catalogue has no paid skins');
  return { username, skins };
}

/** A guest buys the skins by card on the local checkout page. */
const buyByCard = (skinIds: string[], run: number) =>
  payByCardLocally({
    email: `payout_buyer_${run}_${Date.now() % 1_000_000}@example.com`,
    fullname: 'Paula Player',
    skins: skinIds,
  });

async function pendingPayout(authorToken: string): Promise<PayoutSummary | null> {
  const data = await graphql<{ myPayouts: { content: PayoutSummary[] } }>(
    `
      {
        myPayouts(status: PENDING, page: { page: 0, size: 10 }) {
          content {
            id
            amount
            payoutStatus
          }
        }
      }
    `,
    authorToken,
  );
  return data.myPayouts.content[0] ?? null;
}

/**
 * Waits until the catch-up work (the payout allocation among it) has read every event, so that no
 * payout is still being opened or filled while the test looks at the lists.
 */
async function settled() {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${inject('appUrl')}/api/health`);
        const health = (await response.json()) as { projections?: { eventsBehind: number }[] };
        return (health.projections ?? []).every((projection) => projection.eventsBehind === 0);
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
}

/** The 1-based page of the admin list (20 a page, newest first) that holds the payout. */
async function adminListPage(adminToken: string, id: string): Promise<number> {
  for (let page = 0; page < 50; page++) {
    const data = await graphql<{ allPayouts: { content: { id: string }[] } }>(
      `
        query Page($page: Int!) {
          allPayouts(page: { page: $page, size: 20 }) {
            content {
              id
            }
          }
        }
      `,
      adminToken,
      { page },
    );
    if (data.allPayouts.content.some((payout) => payout.id === id)) return page + 1;
    if (data.allPayouts.content.length === 0) break;
  }
  throw new Error(`Payout ${id} is not in the admin list`);
}

/** The item name with the biggest author share: the first slice of "Most popular items". */
async function mostPopularItem(authorToken: string, id: string): Promise<string> {
  const data = await graphql<{
    payout: { items: { name: string; authorReward: number; adjustment: boolean }[] };
  }>(
    `
      query Items($id: ID!) {
        payout(id: $id) {
          items {
            name
            authorReward
            adjustment
          }
        }
      }
    `,
    authorToken,
    { id },
  );
  const byName = new Map<string, number>();
  for (const item of data.payout.items) {
    if (!item.adjustment) byName.set(item.name, (byName.get(item.name) ?? 0) + item.authorReward);
  }
  const [top] = [...byName.entries()].sort(([, a], [, b]) => b - a);
  if (!top) throw new Error(`Payout ${id} has no items`);
  return top[0];
}

/** Guests buy the author's skins until the author's pending payout reaches the minimum. */
async function reachMinimum(author: { skins: { id: string }[] }, authorToken: string) {
  let payout = await pendingPayout(authorToken);
  for (let run = 1; !payout || payout.amount < MIN_PAYOUT; run++) {
    if (run > 6) throw new Error(`The payout did not reach ${MIN_PAYOUT} EUR: ${JSON.stringify(payout)}`);
    await buyByCard(
      author.skins.map((skin) => skin.id),
      run,
    );
    await expect
      .poll(async () => (await pendingPayout(authorToken))?.amount ?? 0)
      .toBeGreaterThan(payout?.amount ?? 0);
    payout = await pendingPayout(authorToken);
  }
  await settled();
  payout = await pendingPayout(authorToken);
  if (!payout) throw new Error('The author has no pending payout');
  return payout;
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

const euros = (amount: number) =>
  new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'EUR' }).format(amount);
/** `1 234,56 €` (as the page formats euros) → 123456 cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

describe('payouts in the browser', () => {
  it('an admin locks and sends a payout and the author sees it SENT with its statement', async () => {
    // An author with PayPal details, whose pending payout reaches the 50 EUR minimum.
    await settled();
    const author = await richestAuthor();
    const authorToken = await logIn(author.username);
    await graphql(
      `
        mutation {
          updateMyUser(
            dto: { payoutMethod: PAYPAL, paypalAccount: "payouts-e2e@example.com", fullname: "Erika Author" }
          ) {
            id
          }
        }
      `,
      authorToken,
    );
    const { id, amount } = await reachMinimum(author, authorToken);
    const adminToken = await logIn('admin');

    // The admin locks it...
    session = await openBrowser();
    let page = session.page;
    await session.context.addCookies([{ name: 'token', value: adminToken, url: inject('appUrl') }]);
    // The list is newest first by opening; the author's payout may have opened a while ago.
    const listPage = await adminListPage(adminToken, id);
    await page.goto(listPage === 1 ? '/admin/payouts' : `/admin/payouts?page=${listPage}`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${id}`, exact: true }) });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.getByText('Pending', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(euros(amount), { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('PayPal', { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: `Lock payout ${id}` }).click();
    await expect.poll(() => toast(page, 'Payout locked').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await toast(page, 'Error locking the payout.').count()).toBe(0);
    await expect
      .poll(() => row.getByText('Locked', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await screenshot(page, 'payouts-admin-locked');

    // ...and sends it, after confirming.
    await row.getByRole('button', { name: `Send payout ${id}` }).click();
    const confirm = page.getByRole('dialog', { name: `Send payout ${id}?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.getByText(euros(amount), { exact: false }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Send payout' }).click();
    await expect.poll(() => toast(page, 'Payout sent').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await toast(page, 'Error sending the payout.').count()).toBe(0);
    await expect
      .poll(() => row.getByText('Sent', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await row.getByRole('button', { name: `Send payout ${id}` }).count()).toBe(0);
    await screenshot(page, 'payouts-admin-sent');

    // The admin's payout page tells the story.
    await page.goto(`/admin/payout/${id}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.isVisible(), { timeout: 10_000 }).toBe(true);
    for (const step of ['Opened', 'Item added', 'Locked', 'Sent']) {
      expect(await history.getByText(step, { exact: true }).first().isVisible()).toBe(true);
    }
    expect(await history.getByText('by admin').first().isVisible()).toBe(true);
    await session.close();
    session = null;

    // The author finds it sent on My Payouts...
    session = await openBrowser();
    page = session.page;
    await session.context.addCookies([{ name: 'token', value: authorToken, url: inject('appUrl') }]);
    await page.goto('/me/payouts');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: `Payout ${id}`, exact: true }) });
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await card.getByText('Sent', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(euros(amount), { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(/The funds arrive in 1-3 work days/).isVisible()).toBe(true);
    await page
      .getByRole('radiogroup', { name: 'Filter payouts by status' })
      .locator('label', { hasText: /^Sent$/ })
      .click();
    await page.waitForURL('**/me/payouts?status=SENT');
    await expect.poll(() => card.isVisible()).toBe(true);
    await screenshot(page, 'payouts-author-list');

    // ...opens it: the items with their totals, and the two pies.
    await card.getByRole('link', { name: `Payout ${id}`, exact: true }).click();
    await page.waitForURL(`**/me/payouts/${id}`);
    const items = page.getByRole('table', { name: `Items of payout ${id}` });
    await expect.poll(() => items.isVisible(), { timeout: 10_000 }).toBe(true);
    const soldTitles = author.skins.map((skin) => skin.title);
    expect(
      await items
        .getByText(soldTitles[0] ?? '', { exact: true })
        .first()
        .isVisible(),
    ).toBe(true);
    const totals = items.getByRole('row', { name: /^Total/ });
    expect(await totals.getByText(euros(amount), { exact: true }).isVisible()).toBe(true);
    // Gross, VAT and net beside the fees, adding up in the totals row (base price, gross, VAT, net, ...).
    for (const column of ['Gross', 'VAT', 'Net'])
      expect(await items.getByRole('columnheader', { name: column, exact: true }).isVisible()).toBe(true);
    const [, gross, vat, net] = (await totals.getByRole('cell').allTextContents()).map(centsOf);
    expect(net).toBe(gross! - vat!);
    const moneyPie = page.getByRole('figure', { name: 'Where the money went' });
    expect(await moneyPie.getByText('Author', { exact: true }).isVisible()).toBe(true);
    expect(await moneyPie.getByText('Payment gates', { exact: true }).isVisible()).toBe(true);
    expect(await moneyPie.getByText('Site', { exact: true }).isVisible()).toBe(true);
    expect(await moneyPie.locator('svg path').count()).toBeGreaterThanOrEqual(3);
    const popularPie = page.getByRole('figure', { name: 'Most popular items' });
    const topItem = await mostPopularItem(authorToken, id);
    expect(await popularPie.getByText(topItem, { exact: true }).isVisible()).toBe(true);
    expect(await popularPie.locator('svg path').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'payouts-author-detail');

    // The CSV statement answers to the plain link (the session cookie is enough).
    const csvLink = page.getByRole('link', { name: 'Download statement (CSV)' });
    const href = await csvLink.getAttribute('href');
    expect(href).toBe(`/api/payouts/${id}/statement.csv`);
    const csv = await page.request.get(href ?? '');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text).toContain(soldTitles[0] ?? '');
    expect(text).toContain(amount.toFixed(2));

    // And the printable statement shows the same payout.
    await page.getByRole('link', { name: 'Printable statement' }).click();
    await page.waitForURL(`**/me/payouts/${id}/statement`);
    const sheet = page.getByRole('article', { name: `Statement of payout ${id}` });
    await expect.poll(() => sheet.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await sheet.getByText('Sent', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
    await screenshot(page, 'payouts-author-statement');
  });

  it('an admin exports a bank payout into one SEPA file, sends it only then, and can withdraw it from the file', async () => {
    await settled();
    const author = await richestAuthor(1);
    const authorToken = await logIn(author.username);
    await graphql(
      `
        mutation {
          updateMyUser(
            dto: {
              payoutMethod: BANK_TRANSFER
              fullname: "Bruno Bank"
              street: "Karlova 1"
              city: "Praha"
              country: "cz"
              bankAccountIban: "DE89 3704 0044 0532 0130 00"
              bankAccountBic: "COBADEFFXXX"
            }
          ) {
            id
          }
        }
      `,
      authorToken,
    );
    const { id } = await reachMinimum(author, authorToken);
    const adminToken = await logIn('admin');
    session = await openBrowser();
    const page = session.page;
    await session.context.addCookies([{ name: 'token', value: adminToken, url: inject('appUrl') }]);
    const listPage = await adminListPage(adminToken, id);
    const listUrl = listPage === 1 ? '/admin/payouts' : `/admin/payouts?page=${listPage}`;
    await page.goto(listUrl);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${id}`, exact: true }) });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    await row.getByRole('button', { name: `Lock payout ${id}` }).click();
    await expect
      .poll(() => row.getByText('Locked', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    // Locked but in no file: Send is not offered, and the row says why.
    expect(await row.getByRole('button', { name: `Send payout ${id}` }).count()).toBe(0);
    expect(await row.getByText('Send once exported', { exact: true }).isVisible()).toBe(true);

    // Export: a POST makes and stores the file, then the stored file is downloaded.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/payouts/sepa'))
        posts.push(`${request.method()} ${request.url()}`);
    });
    await row.getByRole('checkbox', { name: `Select payout ${id} for the SEPA file` }).check();
    await page.getByRole('button', { name: 'Export SEPA file (1)' }).click();
    await expect
      .poll(() => toast(page, /SEPA file TS-SEPA-.*downloaded/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(posts[0]).toMatch(/^POST .*\/api\/admin\/payouts\/sepa-files$/);
    expect(posts[1]).toMatch(/^GET .*\/api\/admin\/payouts\/sepa-files\/[0-9a-f-]{36}$/);
    // The row names its file; it cannot be ticked for a second file; Send is offered now.
    await expect.poll(() => row.getByText(/^TS-SEPA-/).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.getByText(/Exported/).isVisible()).toBe(true);
    expect(await row.getByRole('checkbox').count()).toBe(0);
    expect(await row.getByRole('button', { name: `Send payout ${id}` }).isVisible()).toBe(true);
    await screenshot(page, 'payouts-admin-exported');

    // A pending payout under the minimum offers no Lock, and says why.
    const under = page
      .getByRole('row')
      .filter({ has: page.getByText('Pending', { exact: true }) })
      .filter({ has: page.getByText(/^Under the 50,00\s€ minimum$/) });
    if ((await under.count()) > 0) {
      expect(
        await under
          .first()
          .getByRole('button', { name: /^Lock payout/ })
          .count(),
      ).toBe(0);
    }

    // The payout page downloads the stored file again and withdraws the payout from it.
    await page.goto(`/admin/payout/${id}`);
    await expect
      .poll(() => page.getByRole('button', { name: /^Download SEPA file TS-SEPA-/ }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.getByRole('button', { name: `Withdraw payout ${id} from its SEPA file` }).click();
    const dialog = page.getByRole('dialog', { name: `Withdraw payout ${id} from its SEPA file` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Withdraw from file' }).click();
    expect(await dialog.getByText('Write why the payout leaves its file.').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The bank rejected the file');
    await dialog.getByRole('button', { name: 'Withdraw from file' }).click();
    await expect
      .poll(() => toast(page, 'Payout withdrawn from its SEPA file').isVisible(), { timeout: 10_000 })
      .toBe(true);
    const history = page.getByRole('region', { name: 'History' });
    await expect
      .poll(() => history.getByText('Withdrawn from SEPA file', { exact: true }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await history.getByText(/: The bank rejected the file$/).isVisible()).toBe(true);
    // Out of its file, it can be exported again and is not offered for sending.
    expect(await page.getByRole('button', { name: `Send payout ${id}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export SEPA file' }).isVisible()).toBe(true);
    await screenshot(page, 'payouts-admin-withdrawn');

    // The register lists it, with the month's totals.
    await page.goto('/admin/payouts/register');
    await expect
      .poll(() => page.getByRole('link', { name: `#${id}`, exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Download CSV' }).isVisible()).toBe(true);
    await screenshot(page, 'payouts-register');
  });
});
