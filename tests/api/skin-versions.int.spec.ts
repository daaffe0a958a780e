import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSkinVersionMessages } from '../../api/community/publish-skin-version.handler';
import { skinVersionRefusals } from '../../domain/community/skin-version.decider';
import { skinVersionMessages } from '../../domain/community/skin-version.schemas';
import { addSkin, cardCheckout, checkoutForm, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';
import { skinZip, upload, uploadSkinFiles } from '../support/upload-files';

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let author: User;
let other: User;
let admin: User;

beforeAll(async () => {
  app = await createTestApp();
  ({ owner: author, other, admin } = await createViewers(app));
});
afterAll(async () => {
  await app.close();
});

const CREATE_SKIN = `mutation ($dto: SkinInput!) { createSkin(dto: $dto) { id url success } }`;
const UPDATE_SKIN = `mutation ($dto: SkinInput!) { updateSkin(dto: $dto) { id url success } }`;
const HIDE_SKIN = `mutation ($id: ID!, $hide: Boolean!) { hideSkin(hide: $hide, id: $id) { id success } }`;
const PUBLISH = `mutation ($skinId: ID!, $file: ID!, $changelog: String!) {
  publishSkinVersion(skinId: $skinId, file: $file, changelog: $changelog) { version changelog publishedAt size current downloadUrl }
}`;
const VERSIONS = `query ($url: String!) {
  skin(url: $url) { id versions { version changelog publishedAt size current downloadUrl } }
}`;
const CAN_DOWNLOAD = `query ($ids: [ID!]!) { viewerSkinStates(ids: $ids) { id canDownloadVersions } }`;

type Refusal = { errors?: { message: string; extensions: { code: string; field?: string } }[] };
const refusal = (body: Refusal) => ({
  code: body.errors?.[0]?.extensions.code,
  field: body.errors?.[0]?.extensions.field,
  message: body.errors?.[0]?.message,
});

let counter = 0;
/** Publishes a free skin through the editor; returns its id, url and the zip's bytes. */
async function publishSkin(user: User) {
  const zip = await skinZip();
  const files = await uploadSkinFiles(app, user.token);
  const uploaded = await upload(app, 'SKIN_SOURCE', 'first.zip', zip, user.token);
  const { body } = await graphql(
    app,
    CREATE_SKIN,
    {
      dto: {
        title: `Versioned Skin ${++counter} ${Date.now() % 10_000}`,
        description: 'A skin that gets new versions',
        type: 'TM2020',
        price: 0,
        images: files.imageIds.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order })),
        skinSource: { id: uploaded.body.id, temporary: true, type: 'SKIN_SOURCE', order: 0 },
      },
    },
    user.token,
  );
  expect(body.errors).toBeUndefined();
  const saved = body.data.createSkin as { id: string; url: string };
  return { ...saved, zip };
}

/** A new zip uploaded by `user`: its temporary id and bytes. */
async function uploadZip(user: User, content?: Buffer) {
  const zip = content ?? (await skinZip());
  const answer = await upload(app, 'SKIN_SOURCE', 'new-version.zip', zip, user.token);
  expect(answer.body.success).toBe(true);
  return { id: answer.body.id!, zip };
}

const download = (path: string, token?: string) =>
  app.server.inject({ method: 'GET', url: path, headers: token ? { authorization: `Bearer ${token}` } : {} });

const downloadEvents = (skinId: number) =>
  app.context.pool.oneFirst(sql.type(z.object({ count: z.number() }))`
    select count(*)::int as count from events where event_type = 'SkinDownloaded' and (data->>'skinId')::bigint = ${skinId}`);

describe('publishSkinVersion', () => {
  it('lets the author and an admin publish, refuses anonymous visitors and other users', async () => {
    const skin = await publishSkin(author);
    const changelog = 'Sharper stripes on the doors';

    const byAuthorsFile = await uploadZip(author);
    const anonymous = await graphql(app, PUBLISH, { skinId: skin.id, file: byAuthorsFile.id, changelog });
    expect(refusal(anonymous.body).code).toBe('UNAUTHENTICATED');

    const othersFile = await uploadZip(other);
    const stranger = await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: othersFile.id, changelog },
      other.token,
    );
    expect(refusal(stranger.body)).toMatchObject({
      code: 'FORBIDDEN',
      message: skinVersionRefusals.notAuthor,
    });

    const byAuthor = await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: byAuthorsFile.id, changelog },
      author.token,
    );
    expect(byAuthor.body.errors).toBeUndefined();
    expect(byAuthor.body.data.publishSkinVersion).toMatchObject({
      version: 2,
      changelog,
      current: true,
      size: byAuthorsFile.zip.length,
      downloadUrl: `/assets/skin/${skin.url}/versions/2`,
    });

    const adminsFile = await uploadZip(admin);
    const byAdmin = await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: adminsFile.id, changelog: 'Fixed by the moderators' },
      admin.token,
    );
    expect(byAdmin.body.errors).toBeUndefined();
    expect(byAdmin.body.data.publishSkinVersion.version).toBe(3);

    const events = await app.context.pool.any(sql.type(z.object({ data: z.any() }))`
      select data from events where stream_id = ${`skin-versions-${skin.id}`} order by stream_version`);
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ skinId: Number(skin.id), authorId: author.id, version: 2, changelog }),
      expect.objectContaining({ skinId: Number(skin.id), authorId: author.id, version: 3 }),
    ]);
  });

  it('refuses bad input: a short changelog, the same file again, someone else’s upload, a hidden skin', async () => {
    const skin = await publishSkin(author);
    const fresh = await uploadZip(author);

    const short = await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: fresh.id, changelog: ' ab ' },
      author.token,
    );
    expect(refusal(short.body)).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'changelog',
      message: skinVersionMessages.changelogLength,
    });

    const same = await uploadZip(author, skin.zip);
    const identical = await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: same.id, changelog: 'Nothing changed really' },
      author.token,
    );
    expect(refusal(identical.body)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'file',
      message: skinVersionRefusals.sameFile,
    });

    const othersFile = await uploadZip(other);
    const notMine = await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: othersFile.id, changelog: 'Using another upload' },
      author.token,
    );
    expect(refusal(notMine.body)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'file',
      message: publishSkinVersionMessages.uploadNotYours,
    });

    const missing = await graphql(
      app,
      PUBLISH,
      { skinId: '999999', file: fresh.id, changelog: 'Nope' },
      author.token,
    );
    expect(refusal(missing.body).code).toBe('NOT_FOUND');

    await graphql(app, HIDE_SKIN, { id: skin.id, hide: true }, author.token);
    const hidden = await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: fresh.id, changelog: 'While hidden' },
      author.token,
    );
    expect(refusal(hidden.body)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: skinVersionRefusals.notListed,
    });

    // Nothing was published and the upload is still there to use.
    await graphql(app, HIDE_SKIN, { id: skin.id, hide: false }, author.token);
    const ok = await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: fresh.id, changelog: 'Now listed' },
      author.token,
    );
    expect(ok.body.data.publishSkinVersion.version).toBe(2);
  });
});

describe('version history and downloads', () => {
  it('serves the newest file at once, lists versions newest first, and keeps earlier files downloadable', async () => {
    const skin = await publishSkin(author);
    const before = await graphql(app, VERSIONS, { url: skin.url });
    expect(before.body.data.skin.versions).toEqual([
      {
        version: 1,
        changelog: null,
        publishedAt: expect.any(String),
        size: skin.zip.length,
        current: true,
        downloadUrl: `/assets/skin/${skin.url}/versions/1`,
      },
    ]);

    const second = await uploadZip(author);
    await graphql(app, PUBLISH, { skinId: skin.id, file: second.id, changelog: 'Version two' }, author.token);
    const third = await uploadZip(author);
    await graphql(
      app,
      PUBLISH,
      { skinId: skin.id, file: third.id, changelog: 'Version three' },
      author.token,
    );

    const current = await download(`/assets/skin/${skin.url}`);
    expect(current.statusCode).toBe(200);
    expect(current.rawPayload.equals(third.zip)).toBe(true);

    const { body } = await graphql(app, VERSIONS, { url: skin.url });
    const versions = body.data.skin.versions as {
      version: number;
      changelog: string | null;
      current: boolean;
    }[];
    expect(versions.map((v) => [v.version, v.changelog, v.current])).toEqual([
      [3, 'Version three', true],
      [2, 'Version two', false],
      [1, null, false],
    ]);

    const first = await download(`/assets/skin/${skin.url}/versions/1`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe(`attachment; filename="${skin.url}-v1.zip"`);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.rawPayload.equals(skin.zip)).toBe(true);
    expect((await download(`/assets/skin/${skin.url}/versions/2`)).rawPayload.equals(second.zip)).toBe(true);
    expect((await download(`/assets/skin/${skin.url}/versions/4`)).statusCode).toBe(404);
    expect((await download(`/assets/skin/${skin.url}/versions/x`)).statusCode).toBe(404);

    // The editor's zip replacement removes the replaced file, but never one the history names.
    const replacement = await uploadZip(author);
    const files = await uploadSkinFiles(app, author.token);
    const saved = await graphql(
      app,
      UPDATE_SKIN,
      {
        dto: {
          id: skin.id,
          title: (await app.context.pool.oneFirst(sql.type(z.object({ title: z.string() }))`
            select title from skins where id = ${skin.id}`)) as string,
          description: 'Edited',
          type: 'TM2020',
          price: 0,
          images: files.imageIds.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order })),
          skinSource: { id: replacement.id, temporary: true, type: 'SKIN_SOURCE', order: 0 },
        },
      },
      author.token,
    );
    expect(saved.body.errors).toBeUndefined();
    expect((await download(`/assets/skin/${skin.url}/versions/3`)).rawPayload.equals(third.zip)).toBe(true);
    expect((await download(`/assets/skin/${skin.url}`)).rawPayload.equals(replacement.zip)).toBe(true);
  });

  it('lets owners, the author and admins download earlier versions of a paid skin, counted as downloads', async () => {
    const paid = await addSkin(app, { authorId: author.id, priceCents: 500 });
    const buyer = await createUser(app);
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [paid.id] }), buyer.token);
    await payLocally(app, reference);
    const next = await uploadZip(author);
    const published = await graphql(
      app,
      PUBLISH,
      { skinId: String(paid.id), file: next.id, changelog: 'Paid skin, version two' },
      author.token,
    );
    expect(published.body.errors).toBeUndefined();

    const path = `/assets/skin/${paid.url}/versions/1`;
    const counted = await downloadEvents(paid.id);
    expect((await download(path)).statusCode).toBe(401);
    expect((await download(path, other.token)).statusCode).toBe(403);
    const bought = await download(path, buyer.token);
    expect(bought.statusCode).toBe(200);
    expect(bought.rawPayload.toString()).toBe(`PK zip of ${paid.url}`);
    expect((await download(path, author.token)).statusCode).toBe(200);
    expect((await download(path, admin.token)).statusCode).toBe(200);
    expect(await downloadEvents(paid.id)).toBe(counted + 3);

    const states = async (token: string) =>
      (await graphql(app, CAN_DOWNLOAD, { ids: [String(paid.id)] }, token)).body.data.viewerSkinStates[0]
        .canDownloadVersions;
    expect(await states(buyer.token)).toBe(true);
    expect(await states(author.token)).toBe(true);
    expect(await states(admin.token)).toBe(true);
    expect(await states(other.token)).toBe(false);
  });

  it('shows a new version to anonymous visitors at once (the cached skin page is dropped)', async () => {
    const skin = await publishSkin(author);
    const cached = await graphql(app, VERSIONS, { url: skin.url });
    expect(cached.body.data.skin.versions).toHaveLength(1);
    const next = await uploadZip(author);
    await graphql(app, PUBLISH, { skinId: skin.id, file: next.id, changelog: 'Seen at once' }, author.token);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const fresh = await graphql(app, VERSIONS, { url: skin.url });
    expect(fresh.body.data.skin.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });
});
