import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_PER_MINUTE, RATINGS_PER_MINUTE } from '../../api/auth/user-rate-limiter';
import { insertBundle, insertSkin } from '../../api/catalogue/catalogue.writes';
import { editorMessages } from '../../domain/catalog/item-editor.schemas';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;
let skin: { id: number; url: string };
let hiddenSkin: { id: number; url: string };
let bundle: { id: number; url: string };

beforeAll(async () => {
  app = await createTestApp();
  author = await createUser(app);
  const db = app.context.pool;
  const base = { authorId: author.id, description: '', game: 'TM2020', priceCents: 0 };
  skin = await insertSkin(db, { ...base, title: 'Commented Skin' });
  hiddenSkin = await insertSkin(db, { ...base, title: 'Hidden Skin', published: false });
  bundle = await insertBundle(db, { ...base, title: 'Commented Bundle', skinIds: [skin.id] });
});
afterAll(async () => {
  await app.close();
});

const COMMENT = `mutation ($skin: ID, $bundle: ID, $text: String!) {
  createComment(skin: $skin, bundle: $bundle, text: $text) { id text createdAt user { username } }
}`;
const COMMENTS = `query ($skin: ID, $bundle: ID) {
  comments(skin: $skin, bundle: $bundle) { pageInfo { totalElements } content { id text user { username } } }
}`;
const RATE = `mutation ($skinId: Long!, $rating: Int!) { rateSkin(skinId: $skinId, rating: $rating) { average totalRatings usersRating } }`;
const codeOf = (body: { errors?: { extensions: { code: string } }[] }) => body.errors?.[0]?.extensions.code;

describe('createComment', () => {
  it('stores plain text and lists comments newest first', async () => {
    const player = await createUser(app);
    const texts = ['First!', '<b>Nice</b> & "clean" <script>x</script>', 'Third one'];
    for (const text of texts) {
      const { body } = await graphql(app, COMMENT, { skin: String(skin.id), text }, player.token);
      expect(body.errors).toBeUndefined();
      expect(body.data.createComment).toMatchObject({ text, user: { username: player.username } });
    }
    const { body } = await graphql(app, COMMENTS, { skin: String(skin.id) });
    expect(body.data.comments.content.map((c: { text: string }) => c.text)).toEqual([...texts].reverse());
  });

  it('takes at least 3 characters once trimmed, drops control characters, refuses NUL, and needs a session', async () => {
    const player = await createUser(app);
    const short = await graphql(app, COMMENT, { skin: String(skin.id), text: '  ab  ' }, player.token);
    expect(short.body.errors?.[0]).toMatchObject({
      message: editorMessages.commentLength,
      extensions: { code: 'BAD_USER_INPUT', field: 'text' },
    });
    const emoji = await graphql(app, COMMENT, { skin: String(skin.id), text: '\u{1F525}a' }, player.token);
    expect(codeOf(emoji.body)).toBe('BAD_USER_INPUT');
    const ok = await graphql(
      app,
      COMMENT,
      { skin: String(skin.id), text: '  a\u0007bc\r\nd\u001b ' },
      player.token,
    );
    expect(ok.body.data.createComment.text).toBe('abc\nd');
    // A NUL anywhere in a request is refused before it reaches a resolver.
    const nul = await graphql(app, COMMENT, { skin: String(skin.id), text: 'a\u0000bc' }, player.token);
    expect(codeOf(nul.body)).toBe('BAD_USER_INPUT');
    const anonymous = await graphql(app, COMMENT, { skin: String(skin.id), text: 'Hello there' });
    expect(codeOf(anonymous.body)).toBe('UNAUTHENTICATED');
  });

  it('comments on bundles, and only on what the viewer can see', async () => {
    const player = await createUser(app);
    const onBundle = await graphql(
      app,
      COMMENT,
      { bundle: String(bundle.id), text: 'Great pack' },
      player.token,
    );
    expect(onBundle.body.errors).toBeUndefined();
    const listed = await graphql(app, COMMENTS, { bundle: String(bundle.id) });
    expect(listed.body.data.comments.content[0].text).toBe('Great pack');

    const hidden = await graphql(app, COMMENT, { skin: String(hiddenSkin.id), text: 'Sneaky' }, player.token);
    expect(codeOf(hidden.body)).toBe('NOT_FOUND');
    const unknown = await graphql(app, COMMENT, { skin: '999999', text: 'Anyone?' }, player.token);
    expect(codeOf(unknown.body)).toBe('NOT_FOUND');
    const both = await graphql(
      app,
      COMMENT,
      { skin: String(skin.id), bundle: String(bundle.id), text: 'Both?' },
      player.token,
    );
    expect(codeOf(both.body)).toBe('BAD_USER_INPUT');
    // The author sees (and may comment on) their own hidden skin.
    const own = await graphql(
      app,
      COMMENT,
      { skin: String(hiddenSkin.id), text: 'Note to self' },
      author.token,
    );
    expect(own.body.errors).toBeUndefined();
  });

  it(`refuses more than ${COMMENTS_PER_MINUTE} comments a minute by one user`, async () => {
    const chatty = await createUser(app);
    const post = (user = chatty) =>
      graphql(app, COMMENT, { skin: String(skin.id), text: 'Spam spam spam' }, user.token).then(
        (r) => r.body,
      );
    for (let n = 0; n < COMMENTS_PER_MINUTE; n++) expect((await post()).errors).toBeUndefined();
    const refused = await post();
    expect(codeOf(refused)).toBe('TOO_MANY_REQUESTS');
    expect(refused.errors?.[0].message).toMatch(/too fast/);
    expect((await post(await createUser(app))).errors).toBeUndefined();

    const realNow = app.context.now;
    const later = new Date(Date.now() + 61_000);
    app.context.now = () => later;
    try {
      expect((await post()).errors).toBeUndefined();
    } finally {
      app.context.now = realNow;
    }
  });
});

describe('rateSkin', () => {
  it('replaces a vote with the next one', async () => {
    const player = await createUser(app);
    await graphql(app, RATE, { skinId: skin.id, rating: 2 }, player.token);
    const { body } = await graphql(app, RATE, { skinId: skin.id, rating: 5 }, player.token);
    expect(body.data.rateSkin).toEqual({ average: 5, totalRatings: 1, usersRating: 5 });
  });

  it(`refuses more than ${RATINGS_PER_MINUTE} votes a minute by one user`, async () => {
    const voter = await createUser(app);
    for (let n = 0; n < RATINGS_PER_MINUTE; n++) {
      const { body } = await graphql(app, RATE, { skinId: skin.id, rating: (n % 5) + 1 }, voter.token);
      expect(body.errors).toBeUndefined();
    }
    const refused = await graphql(app, RATE, { skinId: skin.id, rating: 3 }, voter.token);
    expect(codeOf(refused.body)).toBe('TOO_MANY_REQUESTS');
    const anonymous = await graphql(app, RATE, { skinId: skin.id, rating: 3 });
    expect(codeOf(anonymous.body)).toBe('UNAUTHENTICATED');
  });
});
