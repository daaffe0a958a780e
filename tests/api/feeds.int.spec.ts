import zlib from 'node:zlib';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertResource, insertSkin } from '../../api/catalogue/catalogue.writes';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// The RSS and Atom feeds of the newest skins (api/feeds), through HTTP: content types, caching,
// what each feed lists, and the alternate links in the pages' heads. Feeds are read back with a
// maintained feed parser (@rowanmanning/feed-parser); the XML's well-formedness with fast-xml-parser.

const SITE = 'https://trackskins.example';
let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
const june = (day: number) => new Date(Date.UTC(2026, 5, day, 12));

beforeAll(async () => {
  app = await createTestApp({ config: { publicUrl: SITE } });
  author = await createUser(app, { username: 'feed_author' });
  other = await createUser(app, { username: 'other_author' });
  const db = app.context.pool;
  const add = async (authorId: number, title: string, game: string, day: number, published = true) => {
    const skin = await insertSkin(db, {
      authorId,
      title,
      description: `${title} & friends`,
      game,
      priceCents: 300,
      createdAt: june(day),
      published,
    });
    await insertResource(db, {
      skinId: skin.id,
      type: 'IMAGE',
      filename: `feed-${skin.id}.jpg`,
      position: 0,
    });
    return skin;
  };
  await add(author.id, 'Author Stadium Livery', 'TM2020', 1);
  await add(author.id, 'Author Nations Livery', 'TMNF', 2);
  await add(other.id, 'Other Stadium Livery', 'TM2020', 3);
  await add(author.id, 'Author Secret Livery', 'TM2020', 4, false);
  // 32 more in Trackmania²: a feed lists the 30 newest.
  for (let n = 1; n <= 32; n++) await add(other.id, `Canyon Livery ${n}`, 'TM2', 4 + n / 100);
});
afterAll(async () => {
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

async function feedAt(url: string) {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  expect(XMLValidator.validate(response.body)).toBe(true);
  return { response, feed: parseFeed(response.body) };
}

describe('skin feeds', () => {
  it('every game: RSS and Atom with their content types, the 30 newest listed skins, newest first', async () => {
    for (const [format, type] of [
      ['rss', 'application/rss+xml; charset=utf-8'],
      ['atom', 'application/atom+xml; charset=utf-8'],
    ] as const) {
      const { response, feed } = await feedAt(`/feeds/skins.${format}`);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=900');
      expect(response.headers.etag).toMatch(/^W\/".+"$/);
      expect(new Date(String(response.headers['last-modified'])).getTime()).toBeGreaterThan(0);
      expect(feed.self).toBe(`${SITE}/feeds/skins.${format}`);
      expect(feed.items).toHaveLength(30);
      expect(feed.items[0]!.title).toBe('Canyon Livery 32');
      const dates = feed.items.map((item) => item.published!.getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(feed.items.map((item) => item.title)).not.toContain('Author Secret Livery');
      const first = feed.items[0]!;
      expect(first.url).toMatch(new RegExp(`^${SITE}/skins/canyon-livery-32`));
      expect(first.authors[0]!.name).toBe('other_author');
      expect(first.description).toBe('3,00\u00a0€ · Trackmania² · Canyon Livery 32 & friends');
      expect(first.content).toMatch(new RegExp(`<img src="${SITE}/public/feed-\\d+-card\\.webp"`));
    }
  });

  it('one game: only its skins; unknown games and formats are not found', async () => {
    const { feed } = await feedAt('/feeds/skins/tm2020.atom');
    expect(feed.items.map((item) => item.title)).toEqual(['Other Stadium Livery', 'Author Stadium Livery']);
    expect(feed.title).toBe('TrackSkins: new skins for Trackmania (2020)');
    expect(feed.url).toBe(`${SITE}/skins?t=TM2020`);
    const nations = await feedAt('/feeds/skins/TMNF.rss');
    expect(nations.feed.items.map((item) => item.title)).toEqual(['Author Nations Livery']);
    for (const url of [
      '/feeds/skins/tm3000.rss',
      '/feeds/skins/tm2020.json',
      '/feeds/skins/tm2020',
      '/feeds/nope',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it("one author: the author's listed skins; unknown, guest and blocked accounts are not found", async () => {
    const { feed } = await feedAt('/feeds/authors/feed_author.rss');
    expect(feed.title).toBe('TrackSkins: new skins by feed_author');
    expect(feed.url).toBe(`${SITE}/authors/feed_author`);
    expect(feed.items.map((item) => item.title)).toEqual(['Author Nations Livery', 'Author Stadium Livery']);
    const atom = await feedAt('/feeds/authors/FEED_AUTHOR.atom');
    expect(atom.feed.items).toHaveLength(2);
    expect((await get('/feeds/authors/nobody_here.atom')).statusCode).toBe(404);
    const blocked = await createUser(app, { username: 'blocked_author' });
    await app.context.pool.query(sql.unsafe`update users set blocked = true where id = ${blocked.id}`);
    expect((await get('/feeds/authors/blocked_author.rss')).statusCode).toBe(404);
  });

  it('answers a conditional request with 304 until the feed changes', async () => {
    const first = await get('/feeds/skins/tmnf.rss');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect((await get('/feeds/skins/tmnf.rss', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/feeds/skins/tmnf.rss', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    await insertSkin(app.context.pool, {
      authorId: author.id,
      title: 'Fresh Nations Livery',
      description: '',
      game: 'TMNF',
      priceCents: 0,
      createdAt: june(28),
    });
    const changed = await get('/feeds/skins/tmnf.rss', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(parseFeed(changed.body).items[0]!.title).toBe('Fresh Nations Livery');
  });

  it('goes out compressed to a client that takes it', async () => {
    const response = await get('/feeds/skins.atom', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(parseFeed(decoded(response)).items).toHaveLength(30);
    const gzip = await get('/feeds/skins.rss', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(parseFeed(decoded(gzip)).items).toHaveLength(30);
  });
});

describe('alternate links in the pages', () => {
  const alternates = (html: string) =>
    [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]+" href="([^"]+)" \/>/g)].map(
      ([, type, href]) => `${type} ${href}`,
    );

  it('the homepage, the skins list (per game) and author pages name their feeds', async () => {
    expect(alternates((await get('/')).body)).toEqual([
      `application/rss+xml ${SITE}/feeds/skins.rss`,
      `application/atom+xml ${SITE}/feeds/skins.atom`,
    ]);
    expect(alternates((await get('/skins')).body)).toEqual([
      `application/rss+xml ${SITE}/feeds/skins/tm2020.rss`,
      `application/atom+xml ${SITE}/feeds/skins/tm2020.atom`,
    ]);
    expect(alternates((await get('/skins?t=TM_TURBO&o=trending-week')).body)[0]).toBe(
      `application/rss+xml ${SITE}/feeds/skins/tm-turbo.rss`,
    );
    expect(alternates((await get('/skins?t=all')).body)[1]).toBe(
      `application/atom+xml ${SITE}/feeds/skins.atom`,
    );
    const authorPage = (await get('/authors/feed_author')).body;
    expect(alternates(authorPage)).toEqual([
      `application/rss+xml ${SITE}/feeds/authors/feed_author.rss`,
      `application/atom+xml ${SITE}/feeds/authors/feed_author.atom`,
    ]);
    expect(authorPage).toContain('title="TrackSkins: new skins by feed_author (RSS)"');
    expect(alternates((await get('/authors/nobody_here')).body)).toEqual([]);
    expect(alternates((await get('/bundles')).body)).toEqual([]);
  });
});
