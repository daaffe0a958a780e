import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSkin, cardCheckout, checkoutForm, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Verified reviews through the public API: a buyer's comment and vote carry the verified mark, a
// stranger's do not; the mark is what was true when the review was written.

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type Body = { data?: any; errors?: unknown[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
async function ok(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = (await graphql(app, query, variables, token)) as { body: Body };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

const COMMENT = `mutation ($skin: ID, $text: String!) { createComment(skin: $skin, text: $text) { id verified } }`;
const RATE = `mutation ($rating: Int!, $skinId: Long!) { rateSkin(rating: $rating, skinId: $skinId) { totalRatings } }`;
const COMMENTS = `query ($skin: ID) { comments(skin: $skin) { content { text verified user { username } } } }`;
const SKIN = `query ($url: String!) { skin(url: $url) { verifiedRatings rating { totalRatings } } }`;

describe('verified reviews', () => {
  it('marks the comment and the vote of a buyer, not those of a stranger', async () => {
    const [author, buyer, stranger] = [await createUser(app), await createUser(app), await createUser(app)];
    const skin = await addSkin(app, { authorId: author.id, priceCents: 500, title: 'Verified Livery' });

    // The stranger writes before owning anything; the buyer after paying.
    expect(
      (await ok(COMMENT, { skin: skin.id, text: 'Looks nice from here' }, stranger.token)).createComment,
    ).toMatchObject({ verified: false });
    await ok(RATE, { rating: 2, skinId: skin.id }, stranger.token);
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), buyer.token);
    await payLocally(app, reference);
    expect(
      (await ok(COMMENT, { skin: skin.id, text: 'Bought it, it is great' }, buyer.token)).createComment,
    ).toMatchObject({ verified: true });
    await ok(RATE, { rating: 5, skinId: skin.id }, buyer.token);

    // Anyone reading the page sees the marks.
    const comments = (await ok(COMMENTS, { skin: skin.id })).comments.content;
    expect(comments).toEqual([
      { text: 'Bought it, it is great', verified: true, user: { username: buyer.username } },
      { text: 'Looks nice from here', verified: false, user: { username: stranger.username } },
    ]);
    expect((await ok(SKIN, { url: skin.url })).skin).toEqual({
      verifiedRatings: 1,
      rating: { totalRatings: 2 },
    });
  });
});
