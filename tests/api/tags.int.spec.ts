import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tagMessages, TAGS_PER_SKIN_MAX } from '../../domain/catalog/tags.schemas';
import { addSkin } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { uploadSkinFiles } from '../support/upload-files';

// Tags through the public API: the curated list admins keep (and its log), the skin editor's tags,
// `Skin.tags`, the skins list's tag filter and the counts beside each tag.

let app: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let author: Awaited<ReturnType<typeof createUser>>;
let player: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await createTestApp();
  [admin, author, player] = await Promise.all([
    createUser(app, { roles: ['regular', 'admin'] }),
    createUser(app),
    createUser(app),
  ]);
});
afterAll(async () => {
  await app.close();
});

type Body = { data?: any; errors?: { message: string; extensions: { code: string; field?: string } }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const refusal = (body: Body) => {
  const error = body.errors?.[0];
  return { code: error?.extensions.code, field: error?.extensions.field, message: error?.message };
};
const ok = (body: Body) => {
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
};
const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Body> =>
  (await graphql(app, query, variables, token)).body;

const TAG_FIELDS = 'id slug name group position retired';
const CREATE = `mutation ($input: TagInput!) { createTag(input: $input) { ${TAG_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: TagInput!) { updateTag(id: $id, input: $input) { ${TAG_FIELDS} } }`;
const RETIRE = `mutation ($id: ID!) { retireTag(id: $id) { ${TAG_FIELDS} } }`;
const RESTORE = `mutation ($id: ID!) { restoreTag(id: $id) { ${TAG_FIELDS} } }`;
const ALL_TAGS = `{ allTags { tag { ${TAG_FIELDS} } listed uses } }`;
const TAG_LOG = `{ tagLog { action by { username } before { name group } after { slug name group position } } }`;
const COUNTS = `query ($type: GameType, $withTags: [String!]) { tags(type: $type, withTags: $withTags) { tag { slug name group } count } }`;
const SKINS = `query ($tags: [String!], $type: GameType, $search: String) {
  skins(tags: $tags, type: $type, search: $search, page: { page: 0, size: 50 }) {
    pageInfo { totalElements } content { id title tags { slug name } } } }`;
const SKIN = `query ($url: String!) { skin(url: $url) { id tags { slug name group } } }`;
const CREATE_SKIN = `mutation ($dto: SkinInput!) { createSkin(dto: $dto) { id url success } }`;
const UPDATE_SKIN = `mutation ($dto: SkinInput!) { updateSkin(dto: $dto) { id url success } }`;
const HIDE_SKIN = `mutation ($id: ID!, $hide: Boolean!) { hideSkin(id: $id, hide: $hide) { success } }`;

let unique = 0;
/** A tag of this test's own, so that the counts below depend on nothing else. */
async function newTag(group = 'STYLE') {
  const n = ++unique;
  return ok(await gql(CREATE, { input: { name: `Test Tag ${n}`, group } }, admin.token)).createTag as {
    id: string;
    slug: string;
    name: string;
  };
}
/** A listed skin with the given tags (straight in the catalogue, tags through the table). */
async function taggedSkin(slugs: string[], options: { game?: string; published?: boolean } = {}) {
  const skin = await addSkin(app, {
    authorId: author.id,
    priceCents: 0,
    published: options.published ?? true,
  });
  if (options.game)
    await app.context.pool.query(sql.unsafe`update skins set game = ${options.game} where id = ${skin.id}`);
  await app.context.pool.query(sql.unsafe`
    insert into skin_tags (skin_id, tag_id) select ${skin.id}, id from tags where slug = any(${sql.array(slugs, 'text')}::citext[])`);
  return skin;
}
const countOf = async (slug: string, variables: Record<string, unknown> = {}) => {
  const counts = ok(await gql(COUNTS, variables)).tags as { tag: { slug: string }; count: number }[];
  return counts.find((entry) => entry.tag.slug === slug)?.count;
};
const listed = async (tags: string[], variables: Record<string, unknown> = {}, token?: string) => {
  const data = ok(await gql(SKINS, { tags, ...variables }, token)).skins;
  return {
    total: data.pageInfo.totalElements as number,
    ids: (data.content as { id: string }[]).map((skin) => Number(skin.id)).sort((a, b) => a - b),
  };
};

describe('the curated list', () => {
  it('starts with the seeded styles, colors and livery types, in their groups and order', async () => {
    const counts = ok(await gql(COUNTS)).tags as { tag: { slug: string; group: string } }[];
    const groups = [...new Set(counts.map((entry) => entry.tag.group))];
    expect(groups).toEqual(['STYLE', 'COLOR', 'LIVERY']);
    expect(counts.slice(0, 3).map((entry) => entry.tag.slug)).toEqual(['clean', 'retro', 'racing']);
    expect(counts.map((entry) => entry.tag.slug)).toEqual(
      expect.arrayContaining(['red', 'sponsor', 'esports']),
    );
  });

  it('lets only admins create, change, retire and restore tags, and read the full list and its log', async () => {
    const input = { name: 'Pastel', group: 'COLOR' };
    const calls: [string, Record<string, unknown>][] = [
      [CREATE, { input }],
      [UPDATE, { id: '1', input }],
      [RETIRE, { id: '1' }],
      [RESTORE, { id: '1' }],
      [ALL_TAGS, {}],
      [TAG_LOG, {}],
    ];
    for (const [query, variables] of calls) {
      expect(refusal(await gql(query, variables)).code, query).toBe('UNAUTHENTICATED');
      expect(refusal(await gql(query, variables, player.token)).code, query).toBe('FORBIDDEN');
      expect(refusal(await gql(query, variables, author.token)).code, query).toBe('FORBIDDEN');
    }
    const created = ok(await gql(CREATE, { input }, admin.token)).createTag;
    expect(created).toMatchObject({
      slug: 'pastel',
      name: 'Pastel',
      group: 'COLOR',
      position: 0,
      retired: false,
    });
    const all = ok(await gql(ALL_TAGS, {}, admin.token)).allTags as { tag: { slug: string } }[];
    expect(all.map((entry) => entry.tag.slug)).toContain('pastel');
  });

  it('refuses a taken name or link name, and malformed input, with the field at fault', async () => {
    expect(refusal(await gql(CREATE, { input: { name: 'retro', group: 'STYLE' } }, admin.token))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'name',
      message: tagMessages.nameTaken('retro'),
    });
    expect(
      refusal(
        await gql(CREATE, { input: { name: 'Old School', slug: 'retro', group: 'STYLE' } }, admin.token),
      ),
    ).toEqual({ code: 'BAD_USER_INPUT', field: 'slug', message: tagMessages.slugTaken('retro') });
    expect(refusal(await gql(CREATE, { input: { name: 'X', group: 'STYLE' } }, admin.token))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'name',
    });
    expect(
      refusal(
        await gql(CREATE, { input: { name: 'Good name', slug: 'Not a slug!', group: 'STYLE' } }, admin.token),
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'slug', message: tagMessages.slug });
    expect(
      refusal(await gql(UPDATE, { id: '999999', input: { name: 'Ghost', group: 'STYLE' } }, admin.token))
        .code,
    ).toBe('NOT_FOUND');
  });

  it('renames, regroups and reorders a tag without changing its link name, and logs every change', async () => {
    const tag = await newTag();
    const renamed = ok(
      await gql(
        UPDATE,
        { id: tag.id, input: { name: 'Team Ferrox', group: 'TEAM', position: 3, slug: 'ignored' } },
        admin.token,
      ),
    ).updateTag;
    expect(renamed).toMatchObject({ slug: tag.slug, name: 'Team Ferrox', group: 'TEAM', position: 3 });
    ok(await gql(RETIRE, { id: tag.id }, admin.token));
    expect(refusal(await gql(RETIRE, { id: tag.id }, admin.token)).code).toBe('CONFLICT');
    ok(await gql(RESTORE, { id: tag.id }, admin.token));
    expect(refusal(await gql(RESTORE, { id: tag.id }, admin.token)).code).toBe('CONFLICT');
    const log = ok(await gql(TAG_LOG, {}, admin.token)).tagLog as {
      action: string;
      by: { username: string };
      before: { name: string } | null;
      after: { slug: string; name: string };
    }[];
    const mine = log.filter((entry) => entry.after.slug === tag.slug);
    expect(mine.map((entry) => entry.action)).toEqual(['RESTORED', 'RETIRED', 'UPDATED', 'CREATED']);
    expect(mine.every((entry) => entry.by.username === admin.username)).toBe(true);
    expect(mine[2]).toMatchObject({ before: { name: tag.name }, after: { name: 'Team Ferrox' } });
  });
});

describe('the tag filter and its counts', () => {
  it('lists the skins carrying every tag asked, with the total counted, and counts only listed skins', async () => {
    const [a, b] = [await newTag(), await newTag('COLOR')];
    const both = await taggedSkin([a.slug, b.slug]);
    const onlyA = await taggedSkin([a.slug]);
    const hidden = await taggedSkin([a.slug, b.slug], { published: false });
    const otherGame = await taggedSkin([a.slug], { game: 'TMNF' });
    await taggedSkin([]);

    expect(await listed([a.slug])).toEqual({
      total: 3,
      ids: [both.id, onlyA.id, otherGame.id].sort((x, y) => x - y),
    });
    expect(await listed([a.slug, b.slug])).toEqual({ total: 1, ids: [both.id] });
    expect(await listed([b.slug, a.slug], { type: 'TMNF' })).toEqual({ total: 0, ids: [] });
    expect(await listed([a.slug], { type: 'TMNF' })).toEqual({ total: 1, ids: [otherGame.id] });
    // An unknown or malformed tag in a link finds nothing rather than everything.
    expect((await listed(['no-such-tag'])).total).toBe(0);
    expect((await listed(['Not valid!'])).total).toBe((await listed([])).total);

    expect(await countOf(a.slug)).toBe(3);
    expect(await countOf(a.slug, { type: 'TM2020' })).toBe(2);
    expect(await countOf(b.slug)).toBe(1);
    // With a tag chosen, each count is what the list holds once that tag is added too.
    expect(await countOf(b.slug, { withTags: [a.slug] })).toBe(1);
    expect(await countOf(a.slug, { withTags: [b.slug] })).toBe(1);

    // The author (and admins) see their hidden skin in the filtered list; nobody counts it.
    expect((await listed([a.slug, b.slug], {}, admin.token)).ids).toContain(hidden.id);
    const usage = (
      ok(await gql(ALL_TAGS, {}, admin.token)).allTags as {
        tag: { slug: string };
        listed: number;
        uses: number;
      }[]
    ).find((entry) => entry.tag.slug === a.slug);
    expect(usage).toMatchObject({ listed: 3, uses: 4 });

    // Hiding a skin takes it out of the counts at once.
    ok(await gql(HIDE_SKIN, { id: both.id, hide: true }, author.token));
    expect(await countOf(b.slug)).toBe(0);
    expect(await listed([a.slug, b.slug])).toEqual({ total: 0, ids: [] });
  });

  it('combines with a search, and shows each skin its tags in the list’s order', async () => {
    const tag = await newTag();
    const skins = await Promise.all([taggedSkin([tag.slug, 'neon']), taggedSkin([tag.slug])]);
    const page = ok(await gql(SKINS, { tags: [tag.slug] })).skins.content as {
      id: string;
      tags: { slug: string }[];
    }[];
    for (const skin of page) expect(skin.tags.map((t) => t.slug)).toContain(tag.slug);
    const withNeon = page.find((skin) => Number(skin.id) === skins[0].id);
    // The list's order: by position in the group (the new tag's 0 before Neon's 7).
    expect(withNeon?.tags.map((t) => t.slug)).toEqual([tag.slug, 'neon']);
    const found = ok(await gql(SKINS, { tags: [tag.slug], search: skins[1].title })).skins;
    expect(found.content.map((skin: { id: string }) => Number(skin.id))).toContain(skins[1].id);
  });

  it('hides a retired tag from skins, counts and the filter, and brings it back on restore', async () => {
    const tag = await newTag();
    const skin = await taggedSkin([tag.slug, 'red']);
    ok(await gql(RETIRE, { id: tag.id }, admin.token));
    expect(ok(await gql(SKIN, { url: skin.url })).skin.tags.map((t: { slug: string }) => t.slug)).toEqual([
      'red',
    ]);
    expect(await countOf(tag.slug)).toBeUndefined();
    expect((await listed([tag.slug])).total).toBe(0);
    ok(await gql(RESTORE, { id: tag.id }, admin.token));
    expect(ok(await gql(SKIN, { url: skin.url })).skin.tags.map((t: { slug: string }) => t.slug)).toEqual([
      tag.slug,
      'red',
    ]);
    expect(await countOf(tag.slug)).toBe(1);
  });
});

describe('the skin editor', () => {
  const images = (ids: string[]) => ids.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order }));
  async function dto(overrides: Record<string, unknown> = {}) {
    const files = await uploadSkinFiles(app, author.token);
    return {
      title: `Tagged Skin ${++unique}`,
      type: 'TM2020',
      price: 0,
      images: images(files.imageIds),
      skinSource: { id: files.zipId, temporary: true, type: 'SKIN_SOURCE', order: 0 },
      ...overrides,
    };
  }
  const tagsOfSkin = async (url: string) =>
    ok(await gql(SKIN, { url })).skin.tags.map((tag: { slug: string }) => tag.slug) as string[];

  it('saves the tags chosen, replaces them on update, and keeps them when an update sends none', async () => {
    const created = ok(
      await gql(CREATE_SKIN, { dto: await dto({ tags: ['neon', 'RED', 'neon'] }) }, author.token),
    ).createSkin;
    expect(await tagsOfSkin(created.url)).toEqual(['neon', 'red']);
    const stored = await app.context.pool.oneFirst(sql.type(z.object({ title: z.string() }))`
      select title from skins where id = ${Number(created.id)}`);
    const kept = (title: string, extra: Record<string, unknown>) => ({
      id: created.id,
      title,
      type: 'TM2020',
      price: 0,
      images: [],
      ...extra,
    });
    const [image] = await app.context.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from resources where skin_id = ${Number(created.id)} and type = 'IMAGE'`);
    const keptImages = [{ id: String(image), temporary: false, type: 'IMAGE', order: 0 }];
    ok(
      await gql(
        UPDATE_SKIN,
        { dto: kept(stored, { images: keptImages, tags: ['blue', 'retro'] }) },
        author.token,
      ),
    );
    expect(await tagsOfSkin(created.url)).toEqual(['retro', 'blue']);
    ok(await gql(UPDATE_SKIN, { dto: kept(stored, { images: keptImages }) }, author.token));
    expect(await tagsOfSkin(created.url)).toEqual(['retro', 'blue']);
    // Someone else cannot retag it; an admin can.
    expect(
      refusal(await gql(UPDATE_SKIN, { dto: kept(stored, { images: keptImages, tags: [] }) }, player.token))
        .code,
    ).toBe('FORBIDDEN');
    ok(await gql(UPDATE_SKIN, { dto: kept(stored, { images: keptImages, tags: ['camo'] }) }, admin.token));
    expect(await tagsOfSkin(created.url)).toEqual(['camo']);
  });

  it('refuses unknown or retired tags and more than five, and saves nothing then', async () => {
    expect(
      refusal(
        await gql(CREATE_SKIN, { dto: await dto({ tags: ['neon', 'sparkly-unicorn'] }) }, author.token),
      ),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'tags',
      message: tagMessages.unknown(['sparkly-unicorn']),
    });
    const retired = await newTag();
    ok(await gql(RETIRE, { id: retired.id }, admin.token));
    expect(
      refusal(await gql(CREATE_SKIN, { dto: await dto({ tags: [retired.slug] }) }, author.token)),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'tags',
    });
    const six = ['clean', 'retro', 'racing', 'anime', 'camo', 'carbon'];
    expect(six.length).toBe(TAGS_PER_SKIN_MAX + 1);
    expect(refusal(await gql(CREATE_SKIN, { dto: await dto({ tags: six }) }, author.token))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'tags',
      message: tagMessages.tooMany,
    });
  });

  it('keeps a retired tag on the skin through an update, so restoring it loses nothing', async () => {
    const tag = await newTag();
    const created = ok(
      await gql(CREATE_SKIN, { dto: await dto({ tags: [tag.slug, 'green'] }) }, author.token),
    ).createSkin;
    ok(await gql(RETIRE, { id: tag.id }, admin.token));
    const [image] = await app.context.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from resources where skin_id = ${Number(created.id)} and type = 'IMAGE'`);
    const title = await app.context.pool.oneFirst(sql.type(z.object({ title: z.string() }))`
      select title from skins where id = ${Number(created.id)}`);
    ok(
      await gql(
        UPDATE_SKIN,
        {
          dto: {
            id: created.id,
            title,
            type: 'TM2020',
            images: [{ id: String(image), temporary: false, type: 'IMAGE', order: 0 }],
            tags: ['yellow'],
          },
        },
        author.token,
      ),
    );
    expect(await tagsOfSkin(created.url)).toEqual(['yellow']);
    ok(await gql(RESTORE, { id: tag.id }, admin.token));
    expect(await tagsOfSkin(created.url)).toEqual([tag.slug, 'yellow']);
  });
});
