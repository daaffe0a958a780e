import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinEditorMessages } from '../../api/authoring/skin-editor.handler';
import { bundleEditorMessages } from '../../api/authoring/bundle-editor.handler';
import { editorMessages } from '../../domain/catalog/item-editor.schemas';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';
import { skinZip, testImage, upload, uploadSkinFiles } from '../support/upload-files';

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
const CREATE_BUNDLE = `mutation ($dto: BundleInput!) { createBundle(dto: $dto) { id url success } }`;
const UPDATE_BUNDLE = `mutation ($dto: BundleInput!) { updateBundle(dto: $dto) { id url success } }`;
const HIDE_BUNDLE = `mutation ($id: ID!, $hide: Boolean!) { hideBundle(id: $id, hide: $hide) { id success } }`;
const SKIN = `query ($url: String!) {
  skin(url: $url) {
    id url title description type price published availableAlone videoUrl colorPrimary colorSecondary
    author { username }
    resources { id type order filename url }
    colorVariations { id }
  }
}`;
const PUBLIC_SKINS = `{ skins(page: { page: 0, size: 100 }) { content { id } } }`;

type Files = { imageIds: string[]; zipId: string };
const images = (ids: string[]) => ids.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order }));

function skinDto(files: Files, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Neon Drift Runner',
    description: 'Glowing stripes for night races',
    type: 'TM2020',
    price: 0,
    images: images(files.imageIds),
    skinSource: { id: files.zipId, temporary: true, type: 'SKIN_SOURCE', order: 0 },
    ...overrides,
  };
}

/** Uploads the files and publishes a skin; returns its id and url. */
async function publishSkin(user: User, overrides: Record<string, unknown> = {}, imageCount = 1) {
  const files = await uploadSkinFiles(app, user.token, imageCount);
  const { body } = await graphql(app, CREATE_SKIN, { dto: skinDto(files, overrides) }, user.token);
  expect(body.errors).toBeUndefined();
  return body.data.createSkin as { id: string; url: string; success: boolean };
}

async function skinByUrl(url: string, token?: string) {
  return (await graphql(app, SKIN, { url }, token)).body.data.skin;
}

/** The first error's code, field and message. */
function refusal(body: { errors?: { message: string; extensions: { code: string; field?: string } }[] }) {
  const error = body.errors?.[0];
  return { code: error?.extensions.code, field: error?.extensions.field, message: error?.message };
}

async function publicSkinIds() {
  return (await graphql(app, PUBLIC_SKINS)).body.data.skins.content.map((skin: { id: string }) => skin.id);
}

describe('createSkin', () => {
  // Each group uploads as a new author: uploads are limited per user and minute.
  beforeAll(async () => {
    author = await createUser(app);
  });
  it('publishes a skin that every public query shows, with its pictures and zip', async () => {
    const files = await uploadSkinFiles(app, author.token, 2);
    const dto = skinDto(files, {
      title: 'Polar Circuit',
      price: 12.5,
      videoUrl: 'https://www.youtube.com/watch?v=abc123',
      colorPrimary: '#22D3EE',
      colorSecondary: '#ffffff',
      availableAlone: false,
    });
    const { body } = await graphql(app, CREATE_SKIN, { dto }, author.token);
    expect(body.errors).toBeUndefined();
    expect(body.data.createSkin).toEqual({ id: expect.any(String), url: 'polar-circuit', success: true });

    const skin = await skinByUrl('polar-circuit');
    expect(skin).toMatchObject({
      title: 'Polar Circuit',
      type: 'TM2020',
      price: 12.5,
      published: true,
      availableAlone: false,
      videoUrl: 'https://www.youtube.com/watch?v=abc123',
      colorPrimary: '#22d3ee',
      colorSecondary: '#ffffff',
      author: { username: author.username },
    });
    const pictures = skin.resources.filter((r: { type: string }) => r.type === 'IMAGE');
    expect(pictures.map((r: { order: number }) => r.order)).toEqual([0, 1]);
    const picture = await app.server.inject({ method: 'GET', url: pictures[0].url });
    expect(picture.statusCode).toBe(200);
    expect(skin.resources.filter((r: { type: string }) => r.type === 'SKIN_SOURCE')).toHaveLength(1);

    expect(await publicSkinIds()).toContain(skin.id);
    const authorPage = await graphql(
      app,
      `
        query ($url: String!) {
          author(url: $url) {
            skins {
              id
            }
          }
        }
      `,
      {
        url: author.url,
      },
    );
    expect(authorPage.body.data.author.skins.map((s: { id: string }) => s.id)).toContain(skin.id);
    // The uploads are used up.
    const again = await graphql(
      app,
      CREATE_SKIN,
      { dto: { ...dto, title: 'Polar Circuit Two' } },
      author.token,
    );
    expect(refusal(again.body)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'images' });
  });

  it('serves the uploaded zip as the skin download', async () => {
    const zip = await skinZip();
    const zipAnswer = await upload(app, 'SKIN_SOURCE', 'skin.zip', zip, author.token);
    const image = await upload(app, 'IMAGE', 'shot.png', await testImage(), author.token);
    const dto = skinDto({ imageIds: [image.body.id!], zipId: zipAnswer.body.id! }, { title: 'Download Me' });
    const { body } = await graphql(app, CREATE_SKIN, { dto }, author.token);
    const download = await app.server.inject({
      method: 'GET',
      url: `/assets/skin/${body.data.createSkin.url}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(zip);
  });

  it('requires a session', async () => {
    const files = await uploadSkinFiles(app, author.token);
    const { body } = await graphql(app, CREATE_SKIN, { dto: skinDto(files) });
    expect(refusal(body).code).toBe('UNAUTHENTICATED');
  });

  it('gives two skins of the same title, saved at the same moment, different urls', async () => {
    const [first, second] = await Promise.all([
      uploadSkinFiles(app, author.token),
      uploadSkinFiles(app, other.token),
    ]);
    const answers = await Promise.all([
      graphql(app, CREATE_SKIN, { dto: skinDto(first!, { title: 'Twin Turbo' }) }, author.token),
      graphql(app, CREATE_SKIN, { dto: skinDto(second!, { title: 'Twin Turbo' }) }, other.token),
    ]);
    for (const answer of answers) expect(answer.body.errors).toBeUndefined();
    const urls = answers.map((answer) => answer.body.data.createSkin.url).sort();
    expect(urls).toEqual(['twin-turbo', 'twin-turbo-2']);
  });
});

describe('the editor rules, through the API', () => {
  // Each group uploads as a new author: uploads are limited per user and minute.
  beforeAll(async () => {
    author = await createUser(app);
  });
  let files: Files;
  beforeAll(async () => {
    files = await uploadSkinFiles(app, author.token);
  });
  const attempt = (overrides: Record<string, unknown>) =>
    graphql(app, CREATE_SKIN, { dto: skinDto(files, overrides) }, author.token).then((r) => refusal(r.body));

  it('takes a name of 4 to 60 characters', async () => {
    expect(await attempt({ title: 'abc' })).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'title',
      message: editorMessages.titleLength,
    });
    expect(await attempt({ title: 'x'.repeat(61) })).toMatchObject({ field: 'title' });
    // Counted as characters, as the database counts them: two emoji are two, not four.
    expect(await attempt({ title: '\u{1F3CE}\u{1F3C1}' })).toMatchObject({ field: 'title' });
    expect(await attempt({ title: '   ' })).toMatchObject({
      field: 'title',
      message: editorMessages.titleRequired,
    });
  });

  it('takes a description of up to 200 characters', async () => {
    expect(await attempt({ description: 'd'.repeat(201) })).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'description',
      message: editorMessages.descriptionLength,
    });
  });

  it('takes a price of 0 or 2 to 500 euros', async () => {
    expect(await attempt({ price: 1.5 })).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'price',
      message: editorMessages.priceMin,
    });
    expect(await attempt({ price: 501 })).toMatchObject({ field: 'price', message: editorMessages.priceMax });
    expect(await attempt({ price: -1 })).toMatchObject({
      field: 'price',
      message: editorMessages.priceNegative,
    });
    expect(await attempt({ price: 2.005 })).toMatchObject({
      field: 'price',
      message: editorMessages.priceCents,
    });
    for (const [price, expected] of [
      [0, 0],
      [null, 0],
      [2, 2],
      [500, 500],
    ] as const) {
      const skin = await publishSkin(author, { title: `Priced ${price}`, price });
      expect((await skinByUrl(skin.url)).price).toBe(expected);
    }
  });

  it('needs at least one image and takes at most 10', async () => {
    expect(await attempt({ images: [] })).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'images',
      message: editorMessages.imageMissing,
    });
    const eleven = images(Array.from({ length: 11 }, (_, n) => String(1000 + n)));
    expect(await attempt({ images: eleven })).toMatchObject({
      field: 'images',
      message: editorMessages.tooManyImages,
    });
    const ten = await publishSkin(author, { title: 'Ten Pictures' }, 10);
    const resources = (await skinByUrl(ten.url)).resources;
    expect(resources.filter((r: { type: string }) => r.type === 'IMAGE')).toHaveLength(10);
  });

  it('needs an uploaded zip for a new skin', async () => {
    expect(await attempt({ skinSource: null })).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'skinSource',
      message: editorMessages.zipMissing,
    });
    expect(
      await attempt({
        skinSource: { id: files.imageIds[0], temporary: true, type: 'SKIN_SOURCE', order: 0 },
      }),
    ).toMatchObject({ field: 'skinSource' });
  });

  it("refuses someone else's uploads and uploads of the wrong kind", async () => {
    const others = await uploadSkinFiles(app, other.token);
    expect(await attempt({ images: images(others.imageIds) })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'images',
    });
    expect(
      await attempt({ skinSource: { id: others.zipId, temporary: true, type: 'SKIN_SOURCE', order: 0 } }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'skinSource' });
    expect(await attempt({ images: images([files.zipId]) })).toMatchObject({ field: 'images' });
    // A refused save leaves the uploads usable.
    const { body } = await graphql(
      app,
      CREATE_SKIN,
      { dto: skinDto(files, { title: 'Finally' }) },
      author.token,
    );
    expect(body.errors).toBeUndefined();
  });

  it('checks the video link and the colours', async () => {
    const more = await uploadSkinFiles(app, author.token);
    const refused = async (overrides: Record<string, unknown>) =>
      refusal((await graphql(app, CREATE_SKIN, { dto: skinDto(more, overrides) }, author.token)).body);
    expect(await refused({ videoUrl: 'javascript:alert(1)' })).toMatchObject({
      field: 'videoUrl',
      message: editorMessages.videoUrl,
    });
    expect(await refused({ colorPrimary: 'red' })).toMatchObject({ field: 'colorPrimary' });
  });
});

describe('color variations', () => {
  // Each group uploads as a new author: uploads are limited per user and minute.
  beforeAll(async () => {
    author = await createUser(app);
  });
  it('links the chosen skins both ways, once each, only among the author’s own skins', async () => {
    const red = await publishSkin(author, { title: 'Variation Red' });
    const blue = await publishSkin(author, { title: 'Variation Blue' });
    const green = await publishSkin(author, {
      title: 'Variation Green',
      colorVariations: [red.id, red.id, blue.id],
    });
    const ids = async (url: string) =>
      (await skinByUrl(url)).colorVariations.map((v: { id: string }) => v.id).sort();
    expect(await ids(green.url)).toEqual([red.id, blue.id].sort());
    expect(await ids(red.url)).toEqual([blue.id, green.id].sort());
    expect(await ids(blue.url)).toEqual([red.id, green.id].sort());

    // The list is the full list: updating without red unlinks green and red, both ways.
    const { body } = await graphql(
      app,
      UPDATE_SKIN,
      { dto: await keptDto(green.url, { colorVariations: [blue.id] }) },
      author.token,
    );
    expect(body.errors).toBeUndefined();
    expect(await ids(green.url)).toEqual([blue.id]);
    expect(await ids(red.url)).toEqual([blue.id]);

    const theirs = await publishSkin(other, { title: 'Not Yours' });
    const files = await uploadSkinFiles(app, author.token);
    const refused = await graphql(
      app,
      CREATE_SKIN,
      { dto: skinDto(files, { title: 'Greedy', colorVariations: [theirs.id] }) },
      author.token,
    );
    expect(refusal(refused.body)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'colorVariations',
      message: skinEditorMessages.variationsNotYours,
    });
    const otherGame = await publishSkin(author, { title: 'Forever Variant', type: 'TMNF' });
    const crossGame = await graphql(
      app,
      CREATE_SKIN,
      { dto: skinDto(files, { title: 'Cross Game', colorVariations: [otherGame.id] }) },
      author.token,
    );
    expect(refusal(crossGame.body)).toMatchObject({ field: 'colorVariations' });
  });
});

/** An update dto that keeps the skin as it is (its pictures kept, in order), with changes. */
async function keptDto(url: string, overrides: Record<string, unknown> = {}, token = author.token) {
  const skin = await skinByUrl(url, token);
  return {
    id: skin.id,
    title: skin.title,
    description: skin.description,
    type: skin.type,
    price: skin.price,
    availableAlone: skin.availableAlone,
    videoUrl: skin.videoUrl,
    colorPrimary: skin.colorPrimary,
    colorSecondary: skin.colorSecondary,
    colorVariations: skin.colorVariations.map((v: { id: string }) => v.id),
    images: skin.resources
      .filter((r: { type: string }) => r.type === 'IMAGE')
      .map((r: { id: string; order: number }) => ({
        id: r.id,
        temporary: false,
        type: 'IMAGE',
        order: r.order,
      })),
    ...overrides,
  };
}

describe('updateSkin', () => {
  // Each group uploads as a new author: uploads are limited per user and minute.
  beforeAll(async () => {
    author = await createUser(app);
  });
  it('keeps the name fixed', async () => {
    const skin = await publishSkin(author, { title: 'Fixed Name' });
    const { body } = await graphql(
      app,
      UPDATE_SKIN,
      { dto: await keptDto(skin.url, { title: 'Another Name' }) },
      author.token,
    );
    expect(refusal(body)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'title',
      message: skinEditorMessages.titleFixed,
    });
    expect((await skinByUrl(skin.url)).title).toBe('Fixed Name');
  });

  it('changes the fields, reorders, removes and adds pictures, and deletes removed files', async () => {
    const skin = await publishSkin(author, { title: 'Reordered' }, 3);
    const before = await skinByUrl(skin.url);
    const [first, second, third] = before.resources.filter((r: { type: string }) => r.type === 'IMAGE');
    const added = await upload(app, 'IMAGE', 'new.png', await testImage({ color: '#ff0000' }), author.token);
    const dto = await keptDto(skin.url, {
      description: 'Now with a new shot',
      price: 4.99,
      images: [
        { id: third.id, temporary: false, type: 'IMAGE', order: 0 },
        { id: added.body.id, temporary: true, type: 'IMAGE', order: 1 },
        { id: first.id, temporary: false, type: 'IMAGE', order: 2 },
      ],
    });
    const { body } = await graphql(app, UPDATE_SKIN, { dto }, author.token);
    expect(body.errors).toBeUndefined();
    expect(body.data.updateSkin).toEqual({ id: skin.id, url: skin.url, success: true });

    const after = await skinByUrl(skin.url);
    expect(after).toMatchObject({ description: 'Now with a new shot', price: 4.99 });
    const pictures = after.resources.filter((r: { type: string }) => r.type === 'IMAGE');
    expect(pictures.map((r: { id: string }) => r.id)).toEqual([third.id, expect.any(String), first.id]);
    expect(pictures.map((r: { order: number }) => r.order)).toEqual([0, 1, 2]);
    expect(await app.context.storage.read('public', second.filename)).toBeNull();
    expect(await app.context.storage.read('public', first.filename)).not.toBeNull();
    // The zip was left as it was.
    expect(after.resources.filter((r: { type: string }) => r.type === 'SKIN_SOURCE')).toEqual(
      before.resources.filter((r: { type: string }) => r.type === 'SKIN_SOURCE'),
    );
  });

  it("replaces the zip with an uploaded one, and refuses another item's pictures", async () => {
    const skin = await publishSkin(author, { title: 'New Zip' });
    const oldSource = (await skinByUrl(skin.url)).resources.find(
      (r: { type: string }) => r.type === 'SKIN_SOURCE',
    );
    const zip = await skinZip();
    const uploaded = await upload(app, 'SKIN_SOURCE', 'v2.zip', zip, author.token);
    const { body } = await graphql(
      app,
      UPDATE_SKIN,
      {
        dto: await keptDto(skin.url, {
          skinSource: { id: uploaded.body.id, temporary: true, type: 'SKIN_SOURCE', order: 0 },
        }),
      },
      author.token,
    );
    expect(body.errors).toBeUndefined();
    const download = await app.server.inject({ method: 'GET', url: `/assets/skin/${skin.url}` });
    expect(download.rawPayload).toEqual(zip);
    expect(await app.context.storage.read('private', oldSource.filename)).toBeNull();

    const elsewhere = await publishSkin(author, { title: 'Elsewhere' });
    const foreignPicture = (await skinByUrl(elsewhere.url)).resources[0];
    const stolen = await graphql(
      app,
      UPDATE_SKIN,
      {
        dto: await keptDto(skin.url, {
          images: [{ id: foreignPicture.id, temporary: false, type: 'IMAGE', order: 0 }],
        }),
      },
      author.token,
    );
    expect(refusal(stolen.body)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'images' });
  });
});

describe('who may change or hide an item', () => {
  // Each group uploads as a new author: uploads are limited per user and minute.
  beforeAll(async () => {
    author = await createUser(app);
  });
  let skin: { id: string; url: string };
  let bundle: { id: string; url: string };
  beforeAll(async () => {
    skin = await publishSkin(author, { title: 'Guarded Skin' });
    const image = await upload(app, 'IMAGE', 'bundle.png', await testImage(), author.token);
    const { body } = await graphql(
      app,
      CREATE_BUNDLE,
      {
        dto: {
          title: 'Guarded Bundle',
          description: 'Mine',
          type: 'TM2020',
          price: 3,
          skins: [{ id: skin.id }],
          images: images([image.body.id!]),
        },
      },
      author.token,
    );
    expect(body.errors).toBeUndefined();
    bundle = body.data.createBundle;
  });

  const bundleDto = async () => ({
    id: bundle.id,
    title: 'Guarded Bundle',
    description: 'Changed',
    type: 'TM2020',
    price: 3,
    skins: [{ id: skin.id }],
    images: (
      await graphql(
        app,
        `
          query ($url: String!) {
            bundle(url: $url) {
              resources {
                id
                order
              }
            }
          }
        `,
        {
          url: bundle.url,
        },
      )
    ).body.data.bundle.resources.map((r: { id: string; order: number }) => ({
      id: r.id,
      temporary: false,
      type: 'IMAGE',
      order: r.order,
    })),
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['other', 'FORBIDDEN'],
    ['owner', null],
    ['admin', null],
  ] as const)('%s: updateSkin, hideSkin, updateBundle, hideBundle answer %s', async (who, code) => {
    const token = { anonymous: undefined, other: other.token, owner: author.token, admin: admin.token }[who];
    const answers = [
      await graphql(app, UPDATE_SKIN, { dto: await keptDto(skin.url) }, token),
      await graphql(app, HIDE_SKIN, { id: skin.id, hide: false }, token),
      await graphql(app, UPDATE_BUNDLE, { dto: await bundleDto() }, token),
      await graphql(app, HIDE_BUNDLE, { id: bundle.id, hide: false }, token),
    ];
    for (const answer of answers) {
      if (code) expect(refusal(answer.body).code).toBe(code);
      else expect(answer.body.errors).toBeUndefined();
    }
  });

  it('answers NOT_FOUND for unknown ids', async () => {
    expect(
      refusal((await graphql(app, HIDE_SKIN, { id: '999999', hide: true }, author.token)).body).code,
    ).toBe('NOT_FOUND');
    expect(
      refusal((await graphql(app, HIDE_BUNDLE, { id: '999999', hide: true }, author.token)).body).code,
    ).toBe('NOT_FOUND');
    const missing = await graphql(
      app,
      UPDATE_SKIN,
      { dto: { ...(await keptDto(skin.url)), id: '999999' } },
      author.token,
    );
    expect(refusal(missing.body).code).toBe('NOT_FOUND');
  });

  it('hides a skin from the public list and the skin page, and shows it again', async () => {
    expect(await publicSkinIds()).toContain(skin.id);
    const hidden = await graphql(app, HIDE_SKIN, { id: skin.id, hide: true }, author.token);
    expect(hidden.body.data.hideSkin).toEqual({ id: skin.id, success: true });
    expect(await publicSkinIds()).not.toContain(skin.id);
    expect(await skinByUrl(skin.url)).toBeNull();
    expect((await skinByUrl(skin.url, author.token)).published).toBe(false);

    await graphql(app, HIDE_SKIN, { id: skin.id, hide: false }, author.token);
    expect(await publicSkinIds()).toContain(skin.id);
  });

  it('hides a bundle from the public and shows it again', async () => {
    const bundleIds = async () =>
      (
        await graphql(
          app,
          `
            {
              bundles(page: { page: 0, size: 100 }) {
                content {
                  id
                }
              }
            }
          `,
        )
      ).body.data.bundles.content.map((b: { id: string }) => b.id);
    expect(await bundleIds()).toContain(bundle.id);
    await graphql(app, HIDE_BUNDLE, { id: bundle.id, hide: true }, author.token);
    expect(await bundleIds()).not.toContain(bundle.id);
    await graphql(app, HIDE_BUNDLE, { id: bundle.id, hide: false }, author.token);
    expect(await bundleIds()).toContain(bundle.id);
  });
});

describe('bundles', () => {
  // Each group uploads as a new author: uploads are limited per user and minute.
  beforeAll(async () => {
    author = await createUser(app);
  });
  const BUNDLE = `query ($url: String!) {
    bundle(url: $url) { id title description price type published skins { id } resources { id order filename } }
  }`;

  it('creates a bundle of the author’s skins in their order, and updates it', async () => {
    const a = await publishSkin(author, { title: 'Bundle Part A', price: 3 });
    const b = await publishSkin(author, { title: 'Bundle Part B', price: 4 });
    const c = await publishSkin(author, { title: 'Bundle Part C' });
    const pictures = [
      await upload(app, 'IMAGE', 'b1.png', await testImage(), author.token),
      await upload(app, 'IMAGE', 'b2.png', await testImage(), author.token),
    ].map((answer) => answer.body.id!);
    const created = await graphql(
      app,
      CREATE_BUNDLE,
      {
        dto: {
          title: 'Night Pack',
          description: 'Three night skins',
          type: 'TM2020',
          price: 5,
          videoUrl: null,
          skins: [{ id: b.id, availableAlone: true, price: 4 }, { id: a.id }, { id: b.id }],
          images: images(pictures),
        },
      },
      author.token,
    );
    expect(created.body.errors).toBeUndefined();
    const { url, id } = created.body.data.createBundle;
    const bundle = (await graphql(app, BUNDLE, { url })).body.data.bundle;
    expect(bundle).toMatchObject({ id, title: 'Night Pack', price: 5, published: true });
    expect(bundle.skins.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    expect(bundle.resources).toHaveLength(2);

    const kept = bundle.resources[1];
    const updated = await graphql(
      app,
      UPDATE_BUNDLE,
      {
        dto: {
          id,
          title: 'Night Pack',
          description: 'Now with C',
          type: 'TM2020',
          price: 6,
          skins: [{ id: c.id }, { id: a.id }],
          images: [{ id: kept.id, temporary: false, type: 'IMAGE', order: 0 }],
        },
      },
      author.token,
    );
    expect(updated.body.errors).toBeUndefined();
    const after = (await graphql(app, BUNDLE, { url })).body.data.bundle;
    expect(after).toMatchObject({ description: 'Now with C', price: 6 });
    expect(after.skins.map((s: { id: string }) => s.id)).toEqual([c.id, a.id]);
    expect(after.resources.map((r: { id: string }) => r.id)).toEqual([kept.id]);
    expect(await app.context.storage.read('public', bundle.resources[0].filename)).toBeNull();

    const renamed = await graphql(
      app,
      UPDATE_BUNDLE,
      {
        dto: {
          id,
          title: 'Day Pack',
          description: 'x',
          type: 'TM2020',
          skins: [{ id: c.id }],
          images: [{ id: kept.id, temporary: false, type: 'IMAGE', order: 0 }],
        },
      },
      author.token,
    );
    expect(refusal(renamed.body)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'title',
      message: bundleEditorMessages.titleFixed,
    });
  });

  it("refuses another author's skin, and follows the editor rules", async () => {
    const theirs = await publishSkin(other, { title: 'Their Skin' });
    const mine = await publishSkin(author, { title: 'My Skin For Bundle' });
    const picture = (await upload(app, 'IMAGE', 'b.png', await testImage(), author.token)).body.id!;
    const attempt = async (overrides: Record<string, unknown>) =>
      refusal(
        (
          await graphql(
            app,
            CREATE_BUNDLE,
            {
              dto: {
                title: 'Mixed Pack',
                description: 'Mine and theirs',
                type: 'TM2020',
                price: 0,
                skins: [{ id: mine.id }, { id: theirs.id }],
                images: images([picture]),
                ...overrides,
              },
            },
            author.token,
          )
        ).body,
      );
    expect(await attempt({})).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'skins',
      message: bundleEditorMessages.skinsNotYours,
    });
    const skins = [{ id: mine.id }];
    expect(await attempt({ skins, description: '' })).toMatchObject({
      field: 'description',
      message: editorMessages.bundleDescriptionRequired,
    });
    expect(await attempt({ skins, price: 1.5 })).toMatchObject({
      field: 'price',
      message: editorMessages.priceMin,
    });
    expect(await attempt({ skins, images: [] })).toMatchObject({ field: 'images' });
    expect(await attempt({ skins: [] })).toMatchObject({
      field: 'skins',
      message: editorMessages.bundleSkins,
    });
  });
});

describe('myCreatedSkins and myCreatedBundles', () => {
  const MY_SKINS = `query ($page: PageInput, $type: GameType) {
    myCreatedSkins(page: $page, type: $type) {
      pageInfo { pageNumber pageSize totalElements totalPages numberOfElements }
      content { id title published type }
    }
  }`;

  it('lists the viewer’s own skins, hidden ones included, newest first, 10 a page (100 for linking)', async () => {
    const maker = await createUser(app);
    const made: { id: string }[] = [];
    for (let n = 1; n <= 11; n++) made.push(await publishSkin(maker, { title: `Own Skin ${n}` }));
    const forever = await publishSkin(maker, { title: 'Own Forever Skin', type: 'TMNF' });
    await graphql(app, HIDE_SKIN, { id: made[10]!.id, hide: true }, maker.token);

    const first = (await graphql(app, MY_SKINS, {}, maker.token)).body.data.myCreatedSkins;
    expect(first.pageInfo).toEqual({
      pageNumber: 0,
      pageSize: 10,
      totalElements: 12,
      totalPages: 2,
      numberOfElements: 10,
    });
    expect(first.content[0]).toMatchObject({ id: forever.id });
    expect(first.content[1]).toMatchObject({ id: made[10]!.id, published: false });
    const titles = first.content.map((s: { title: string }) => s.title);
    expect(titles.slice(1, 4)).toEqual(['Own Skin 11', 'Own Skin 10', 'Own Skin 9']);

    const linking = (
      await graphql(app, MY_SKINS, { page: { page: 0, size: 100 }, type: 'TM2020' }, maker.token)
    ).body.data.myCreatedSkins;
    expect(linking.pageInfo).toMatchObject({ pageSize: 100, totalElements: 11 });
    expect(linking.content.every((s: { type: string }) => s.type === 'TM2020')).toBe(true);

    const past = (await graphql(app, MY_SKINS, { page: { page: 5, size: 10 } }, maker.token)).body.data
      .myCreatedSkins;
    expect(past).toMatchObject({ content: [], pageInfo: { totalElements: 12 } });
    expect(
      (await graphql(app, MY_SKINS, {}, other.token)).body.data.myCreatedSkins.content,
    ).not.toContainEqual(expect.objectContaining({ id: forever.id }));
    expect(refusal((await graphql(app, MY_SKINS, {})).body).code).toBe('UNAUTHENTICATED');
  });

  it('lists the viewer’s own bundles, hidden ones included', async () => {
    const maker = await createUser(app);
    const skin = await publishSkin(maker, { title: 'Bundled Skin' });
    const made: string[] = [];
    for (const title of ['First Pack', 'Second Pack']) {
      const picture = (await upload(app, 'IMAGE', 'p.png', await testImage(), maker.token)).body.id!;
      const { body } = await graphql(
        app,
        CREATE_BUNDLE,
        {
          dto: {
            title,
            description: 'A pack',
            type: 'TM2020',
            skins: [{ id: skin.id }],
            images: images([picture]),
          },
        },
        maker.token,
      );
      made.push(body.data.createBundle.id);
    }
    await graphql(app, HIDE_BUNDLE, { id: made[0], hide: true }, maker.token);
    const { body } = await graphql(
      app,
      `
        {
          myCreatedBundles {
            pageInfo {
              totalElements
              pageSize
            }
            content {
              id
              title
              published
              skins {
                id
              }
            }
          }
        }
      `,
      {},
      maker.token,
    );
    expect(body.data.myCreatedBundles).toEqual({
      pageInfo: { totalElements: 2, pageSize: 10 },
      content: [
        { id: made[1], title: 'Second Pack', published: true, skins: [{ id: skin.id }] },
        { id: made[0], title: 'First Pack', published: false, skins: [{ id: skin.id }] },
      ],
    });
  });
});
