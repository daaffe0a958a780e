import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../domain/money';
import { appGraphql as graphql, logInDemo as logIn, payByCardLocally } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

// Co-authors in the browser (docs/co-authors.md): the demo author ToroRojo invites brickfog to
// co-author a skin with a weight (two demo authors no other journey buys from or pays out; the
// skin is sold once first, so the 30-day preview has a sale to split); brickfog, in a browser of
// their own, sees the invitation and accepts it; the owner previews new weights against the last
// 30 days' sales before saving them; the skin's page then names both authors.

const OWNER = 'ToroRojo';
const CO_AUTHOR = 'brickfog';
const SKIN = 'Matador Rojo';
const WAIT = { timeout: 15_000 };

const sessions: BrowserSession[] = [];
afterEach(async (context) => {
  for (const session of sessions) {
    if (context.task.result?.state === 'fail') await screenshot(session.page, `failed-${context.task.name}`);
    await session.close();
  }
  sessions.length = 0;
});

const amount = (euros: number) => formatMoney(Math.round(euros * 100));

async function signedIn(token: string): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  await session.context.addCookies([{ name: 'token', value: token, url: inject('appUrl') }]);
  return session.page;
}

type Preview = {
  saleCount: number;
  lines: {
    author: { username: string };
    weight: number;
    currentWeight: number;
    current: number;
    preview: number;
  }[];
};

describe('co-authors', () => {
  it('the owner invites with a weight, the co-author accepts, the owner previews and saves weights, the page names both', async () => {
    const { skins } = await graphql<{
      skins: { content: { id: string; title: string; url: string; author: { username: string } }[] };
    }>(`
      {
        skins(type: TM_TURBO, page: { page: 0, size: 100 }) {
          content {
            id
            title
            url
            author {
              username
            }
          }
        }
      }
    `);
    const skin = skins.content.find((s) => s.title === SKIN && s.author.username === OWNER);
    if (!skin) throw new Error(`The demo catalogue has no ${SKIN} by ${OWNER}`);
    await payByCardLocally({
      email: `co_author_buyer_${Date.now() % 1_000_000}@example.com`,
      fullname: 'Carla Coauthor-Fan',
      skins: [skin.id],
    });

    // The owner invites brickfog with weight 2 from the skin's editor.
    const ownerToken = await logIn(OWNER);
    const owner = await signedIn(ownerToken);
    await owner.goto(`/me/skin/edit/${encodeURIComponent(skin.url)}`);
    await owner.getByLabel('Username', { exact: true }).fill(CO_AUTHOR);
    await owner.getByLabel('Weight', { exact: true }).fill('2');
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();
    const authors = owner.getByRole('table', { name: 'Co-authors' });
    await expect.poll(async () => (await authors.textContent()) ?? '', WAIT).toContain(`${CO_AUTHOR}Invited`);
    expect(await authors.textContent()).toContain('Nothing until accepted');
    await screenshot(owner, 'co-author-invited');

    // brickfog sees the invitation on My Skins and accepts it.
    const coAuthor = await signedIn(await logIn(CO_AUTHOR));
    await coAuthor.goto('/me/skins');
    const invitation = coAuthor.getByRole('region', { name: 'Invitations to co-author' });
    await expect.poll(() => invitation.isVisible(), WAIT).toBe(true);
    expect(await invitation.textContent()).toContain(
      `${OWNER} invites you to co-author the skin “${SKIN}” with weight 2.`,
    );
    await screenshot(coAuthor, 'co-author-invitation');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => coAuthor.getByText(`You co-author ${SKIN} now.`).isVisible(), WAIT).toBe(true);

    // The owner sees brickfog as co-author (a third of each sale) and tries owner 3, brickfog 1.
    await owner.reload();
    await expect
      .poll(async () => (await authors.textContent()) ?? '', WAIT)
      .toContain(`${CO_AUTHOR}Co-author`);
    expect(await authors.textContent()).toContain('66,7 % of each sale’s author share');
    await owner.getByRole('textbox', { name: `Weight: ${OWNER}` }).fill('3');
    await owner.getByRole('textbox', { name: `Weight: ${CO_AUTHOR}` }).fill('1');
    // The sale above is in the preview once the orders read model has it paid.
    const asked = async () =>
      (
        await graphql<{ coAuthorSplitPreview: Preview }>(
          `
            query ($id: ID!, $weights: [CoAuthorWeightInput!]!) {
              coAuthorSplitPreview(itemType: SKIN, itemId: $id, weights: $weights) {
                saleCount
                lines {
                  author {
                    username
                  }
                  weight
                  currentWeight
                  current
                  preview
                }
              }
            }
          `,
          ownerToken,
          { id: skin.id, weights: await weightsOf(ownerToken, skin.id, { [OWNER]: 3, [CO_AUTHOR]: 1 }) },
        )
      ).coAuthorSplitPreview;
    await expect.poll(async () => (await asked()).saleCount, WAIT).toBeGreaterThan(0);
    const expected = await asked();
    await owner.getByRole('button', { name: 'Preview the last 30 days' }).click();
    const heading = owner.getByText(/^The last 30 days: \d+ paid sales?$/);
    await expect.poll(() => heading.isVisible(), WAIT).toBe(true);
    expect(await heading.textContent()).toContain(`${expected.saleCount} paid`);
    const preview = owner.getByRole('table').filter({ hasText: 'With these weights' });
    for (const line of expected.lines) {
      const row = preview.getByRole('row').filter({ hasText: line.author.username });
      const text = (await row.textContent()) ?? '';
      expect(text).toContain(`${amount(line.current)} (${line.currentWeight})`);
      expect(text).toContain(`${amount(line.preview)} (${line.weight})`);
    }
    // A what-if over the same sales: the parts add up to the same author share either way.
    const total = (pick: (line: Preview['lines'][number]) => number) =>
      Math.round(expected.lines.reduce((sum, line) => sum + pick(line) * 100, 0));
    expect(total((line) => line.preview)).toBe(total((line) => line.current));
    expect(expected.lines.find((line) => line.author.username === OWNER)?.preview).toBeGreaterThan(
      expected.lines.find((line) => line.author.username === OWNER)?.current ?? Infinity,
    );
    await screenshot(owner, 'co-author-weights-preview');
    await owner.getByRole('button', { name: 'Save weights' }).click();
    await expect
      .poll(() => owner.getByText('Weights saved. They apply to sales from now on.').isVisible(), WAIT)
      .toBe(true);
    await expect
      .poll(async () => (await authors.textContent()) ?? '', WAIT)
      .toContain('75 % of each sale’s author share');

    // The skin's page names both authors.
    const visitor = await openBrowser();
    sessions.push(visitor);
    await visitor.page.goto(`/skins/${skin.url}`);
    const names = visitor.page.getByTestId('skin-co-authors');
    await expect.poll(() => names.isVisible(), WAIT).toBe(true);
    expect(await names.textContent()).toBe(`with ${CO_AUTHOR}`);
    expect(await visitor.page.getByRole('link', { name: OWNER, exact: true }).first().isVisible()).toBe(true);
    await screenshot(visitor.page, 'co-authored-skin-page');
  });
});

/** The weights input of the preview, by username, with the authors' ids as the API has them. */
async function weightsOf(token: string, skinId: string, byName: Record<string, number>) {
  const { itemCoAuthors } = await graphql<{
    itemCoAuthors: { authors: { author: { id: string; username: string } }[] };
  }>(
    `
      query ($id: ID!) {
        itemCoAuthors(itemType: SKIN, itemId: $id) {
          authors {
            author {
              id
              username
            }
          }
        }
      }
    `,
    token,
    { id: skinId },
  );
  return itemCoAuthors.authors.map((a) => ({
    authorId: a.author.id,
    weight: byName[a.author.username] ?? 1,
  }));
}
