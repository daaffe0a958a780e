import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { create } from 'xmlbuilder2';
import { insertResource, insertSkin } from '../../api/catalogue/catalogue.writes';
import { listenToCatalogueChanges } from '../../app/app';
import { precompressDir } from '../../infra/web-precompress';
import { addBundle, addSkin } from '../support/shop';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// A bundle-sized script: compressible text well over the compression threshold.
const SCRIPT = Array.from({ length: 400 }, (_, n) => `export const value${n} = "skin number ${n}";`).join(
  '\n',
);
// An index.html large enough to be compressed on the fly (the stand-in's is a few bytes).
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>TrackSkins</title><meta name="description" content="x" /></head><body><noscript>${'TrackSkins needs JavaScript. '.repeat(80)}</noscript><div id="root"></div></body></html>`;

let app: TestApp;
let webDistDir: string;
let listener: ReturnType<typeof listenToCatalogueChanges>;
beforeAll(async () => {
  app = await createTestApp({
    webDist: async (dir) => {
      webDistDir = dir;
      await fs.writeFile(path.join(dir, 'index.html'), INDEX_HTML);
      await fs.writeFile(path.join(dir, 'static', 'bundle-9f8e7d.js'), SCRIPT);
      await precompressDir(dir);
    },
  });
  // The response cache serves only while it hears change notices, as in the app.
  listener = listenToCatalogueChanges(app.context, app.db.url);
  await listener.start();
});
afterAll(async () => {
  await listener.stop();
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.server.inject({ method: 'GET', url, headers });

function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  return response.rawPayload.toString();
}

describe('the built web app', () => {
  it('sends a hashed asset precompressed in the encoding the browser takes, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const response = await get('/static/bundle-9f8e7d.js', { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(SCRIPT);
      if (encoding) {
        // The sibling the build wrote, as it is (not compressed again on the way out).
        const sibling = await fs.readFile(
          path.join(webDistDir, 'static', `bundle-9f8e7d.js.${encoding === 'br' ? 'br' : 'gz'}`),
        );
        expect(response.rawPayload.equals(sibling)).toBe(true);
        expect(response.headers['content-length']).toBe(String(sibling.length));
        expect(sibling.length).toBeLessThan(SCRIPT.length / 3);
      }
    }
  });

  it('does not offer the compressed siblings under their own names', async () => {
    expect((await get('/static/bundle-9f8e7d.js.br')).headers['content-type']).not.toMatch(/javascript/);
  });

  it('compresses a page, revalidated on every visit with an ETag', async () => {
    const page = await get('/skins', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page)).toContain('<div id="root">');
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/skins', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('describes each public page and names its canonical address', async () => {
    const html = (await get('/faq')).body;
    expect(html).toContain('<title>Frequently asked questions | TrackSkins</title>');
    expect(html).toMatch(/<meta name="description" content="Answers about buying[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${app.context.config.publicUrl}/faq" />`);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });
});

describe('the head of an item page', () => {
  it("preloads a skin's first picture as the gallery shows it, and a bundle's own only", async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0 });
    const [image] = await app.context.pool.anyFirst(sql.type(z.object({ filename: z.string() }))`
      select filename from resources where skin_id = ${skin.id} and type = 'IMAGE'`);
    const preview = `/public/${image!.replace(/\.[^.]+$/, '')}-preview.webp`;
    const page = (await get(`/skins/${skin.url}`)).body;
    expect(page).toContain(`<link rel="preload" as="image" href="${preview}" fetchpriority="high" />`);
    // A bundle without pictures of its own shows none first: nothing to preload.
    const bundle = await addBundle(app, { authorId: author.id, priceCents: 900, skinIds: [skin.id] });
    const bundlePage = (await get(`/bundles/${bundle.url}`)).body;
    expect(bundlePage).toContain('og:image');
    expect(bundlePage).not.toContain('rel="preload" as="image"');
  });
});

describe('the head of the skins list', () => {
  it("preloads the first card's picture of the list as it opens (newest TM2020 skin), not of a filtered one", async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0 });
    const [image] = await app.context.pool.anyFirst(sql.type(z.object({ filename: z.string() }))`
      select filename from resources where skin_id = ${skin.id} and type = 'IMAGE'`);
    const card = `/public/${image!.replace(/\.[^.]+$/, '')}-card.webp`;
    const page = (await get('/skins')).body;
    expect(page).toContain(`<link rel="preload" as="image" href="${card}" fetchpriority="high" />`);
    expect(page).toContain('<title>Skins | TrackSkins</title>');
    // Filters may show other skins first: no guess.
    expect((await get('/skins?t=all')).body).not.toContain('rel="preload" as="image"');
  });
});

describe('API answers', () => {
  it('compresses a large GraphQL answer, also when it comes from the response cache', async () => {
    const author = await createUser(app);
    for (let n = 0; n < 12; n++) {
      await insertSkin(app.context.pool, {
        authorId: author.id,
        title: `Compressed Cruiser ${n}`,
        description: 'Stripes, numbers and a long description to make the list answer larger.',
        game: 'TM2020',
        priceCents: 0,
      });
    }
    const ask = () =>
      app.server.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
        payload: { query: '{ skins(page: { page: 0, size: 30 }) { content { title description url } } }' },
      });
    // Change notices of the inserts may still empty the cache: ask until an answer comes from it.
    let first = await ask();
    let second = await ask();
    for (let tries = 0; second.headers['x-cache'] !== 'hit' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [first, second] = [second, await ask()];
    }
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    for (const response of [first, second]) {
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const body = JSON.parse(decoded(response));
      expect(body.data.skins.content.length).toBeGreaterThanOrEqual(12);
    }
    expect(decoded(second)).toBe(decoded(first));
    // Without Accept-Encoding, the same cached answer as plain JSON.
    const plain = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: '{ skins(page: { page: 0, size: 30 }) { content { title description url } } }' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(decoded(first));
  });

  it('sends a skin download byte for byte, with its length', async () => {
    const author = await createUser(app);
    const skin = await insertSkin(app.context.pool, {
      authorId: author.id,
      title: 'Zipped Racer',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    // Very compressible on purpose: an encoder would shrink it a lot.
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64 * 1024, 'a')]);
    await app.context.storage.put('private', 'zipped-racer.zip', zip);
    await insertResource(app.context.pool, {
      skinId: skin.id,
      type: 'SKIN_SOURCE',
      filename: 'zipped-racer.zip',
      position: 0,
    });
    const response = await get(`/assets/skin/${skin.url}`, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(zip.length));
    expect(response.rawPayload.equals(zip)).toBe(true);
  });
});

describe('crawl files', () => {
  it('serves robots.txt as text, shutting out private paths and naming the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/me/', '/admin/', '/api/', '/graphql', '/cart/', '/orders/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${app.context.config.publicUrl}/sitemap.xml`);
    expect(response.body).not.toContain('<');
  });

  it('lists the public pages and listed skins, bundles and authors in sitemap.xml, nothing hidden', async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0 });
    const bundle = await addBundle(app, { authorId: author.id, priceCents: 900, skinIds: [skin.id] });
    const unpublished = await addSkin(app, { authorId: author.id, priceCents: 0, published: false });
    const deleted = await addSkin(app, { authorId: author.id, priceCents: 0 });
    await app.context.pool.query(sql.unsafe`update skins set deleted_at = now() where id = ${deleted.id}`);
    // An author whose only skin is unlisted has no page worth listing.
    const hiddenAuthor = await createUser(app);
    await addSkin(app, { authorId: hiddenAuthor.id, priceCents: 0, published: false });

    const response = await get('/sitemap.xml', { 'accept-encoding': 'identity' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const document = create(response.body).end({ format: 'object' }) as {
      urlset: { '@xmlns': string; url: { loc: string; lastmod?: string }[] };
    };
    expect(document.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const site = app.context.config.publicUrl;
    const entries = new Map(document.urlset.url.map((url) => [url.loc, url.lastmod]));
    for (const page of ['/', '/skins', '/bundles', '/authors', '/faq'])
      expect(entries.has(`${site}${page}`)).toBe(true);
    for (const page of [`/skins/${skin.url}`, `/bundles/${bundle.url}`, `/authors/${author.url}`]) {
      expect(entries.get(`${site}${page}`)).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(entries.has(`${site}/skins/${unpublished.url}`)).toBe(false);
    expect(entries.has(`${site}/skins/${deleted.url}`)).toBe(false);
    expect(entries.has(`${site}/authors/${hiddenAuthor.url}`)).toBe(false);
  });

  it('serves the web app manifest as JSON', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json();
    expect(manifest).toMatchObject({ short_name: 'TrackSkins', start_url: '/', display: 'standalone' });
    expect(manifest.icons).toContainEqual(
      expect.objectContaining({ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }),
    );
  });

  it('does not answer unknown sitemap parts or other server paths with the web app', async () => {
    expect((await get('/sitemaps/7.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/x.xml')).statusCode).toBe(404);
  });
});
