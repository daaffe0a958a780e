import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addSkin } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { testZip } from '../support/upload-files';

// "What is in the file" on a skin's page: the zip's size and its files, for anyone who may see the skin.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const ARCHIVE = `query ($url: String!) { skin(url: $url) { archive { sizeBytes files { name sizeBytes } } } }`;

async function storeZip(skinId: number, zip: Buffer) {
  const filename = await app.context.pool.oneFirst(sql.type(z.object({ filename: z.string() }))`
    select filename from resources where skin_id = ${skinId} and type = 'SKIN_SOURCE'`);
  await app.context.pool.query(sql.unsafe`
    update resources set size_bytes = ${zip.length} where skin_id = ${skinId} and type = 'SKIN_SOURCE'`);
  await app.context.storage.put('private', filename, zip);
}

describe("a skin's archive", () => {
  it('lists the files in the zip with their sizes, without folders or archivers’ leftovers', async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 500, title: 'Archive Livery' });
    const zip = await testZip([
      ['Diffuse.dds', Buffer.alloc(4096, 1)],
      ['Icon.png', Buffer.alloc(100, 2)],
      ['__MACOSX/._Icon.png', 'x'],
    ]);
    await storeZip(skin.id, zip);
    const { body } = await graphql(app, ARCHIVE, { url: skin.url });
    expect(body.errors).toBeUndefined();
    expect(body.data.skin.archive).toEqual({
      sizeBytes: zip.length,
      files: [
        { name: 'Diffuse.dds', sizeBytes: 4096 },
        { name: 'Icon.png', sizeBytes: 100 },
      ],
    });
  });

  it('is null when the stored file cannot be read as a zip', async () => {
    const author = await createUser(app);
    // The shop's test skins carry a few bytes that only start like a zip.
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0, title: 'Broken Livery' });
    const { body } = await graphql(app, ARCHIVE, { url: skin.url });
    expect(body.errors).toBeUndefined();
    expect(body.data.skin.archive).toBeNull();
  });
});
