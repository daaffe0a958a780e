import { performance } from 'node:perf_hooks';
import { sql } from 'slonik';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { imageVariantNames } from '../media/image-variants';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { seedDemoData } from './seed-demo';

let app: TestApp;
let firstRun: boolean;
let seconds: number;

beforeAll(async () => {
  app = await createTestApp({ config: { logLevel: 'error' } });
  const started = performance.now();
  firstRun = await seedDemoData(app.context);
  seconds = (performance.now() - started) / 1000;
  console.info(`demo data seeded in ${seconds.toFixed(1)} s`);
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** The names and kinds of the entries of a zip. */
function zipEntries(buffer: Buffer): Promise<{ name: string; size: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: { name: string; size: number }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({ name: entry.fileName, size: entry.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('the demo catalogue', () => {
  it('loads once, quickly', async () => {
    expect(firstRun).toBe(true);
    expect(seconds).toBeLessThan(60);
    expect(await seedDemoData(app.context)).toBe(false);
  });

  it('has authors from many countries with avatars, besides the demo accounts', async () => {
    const users = await app.context.pool.any(sql.type(
      z.object({
        username: z.string(),
        country: z.string().nullable(),
        avatar: z.string().nullable(),
        skins: z.number(),
      }),
    )`
      select u.username::text as username, u.country, u.avatar_filename as avatar,
             (select count(*)::int from skins s where s.author_id = u.id) as skins
      from users u`);
    for (const name of ['admin', 'author', 'player']) {
      expect(users.find((u) => u.username === name)?.avatar).toBeTruthy();
    }
    const authors = users.filter((u) => u.skins > 0);
    expect(authors.length).toBeGreaterThanOrEqual(13);
    expect(users.find((u) => u.username === 'author')?.skins).toBeGreaterThanOrEqual(5);
    expect(new Set(authors.map((u) => u.country)).size).toBeGreaterThanOrEqual(10);
    for (const user of users) {
      expect(user.avatar).toBeTruthy();
      expect(await app.context.storage.read('public', user.avatar!)).not.toBeNull();
    }
  });

  it('has skins over the four games, free and paid, each with 2-5 pictures and one zip', async () => {
    const skins = await app.context.pool.any(sql.type(
      z.object({
        id: z.number(),
        game: z.string(),
        price_cents: z.number(),
        images: z.number(),
        sources: z.number(),
      }),
    )`
      select s.id, s.game, s.price_cents,
             (select count(*)::int from resources r where r.skin_id = s.id and r.type = 'IMAGE') as images,
             (select count(*)::int from resources r where r.skin_id = s.id and r.type = 'SKIN_SOURCE') as sources
      from skins s`);
    expect(skins.length).toBeGreaterThanOrEqual(60);
    expect(new Set(skins.map((s) => s.game))).toEqual(new Set(['TM2020', 'TMNF', 'TM_TURBO', 'TM2']));
    const free = skins.filter((s) => s.price_cents === 0);
    expect(free.length / skins.length).toBeGreaterThan(0.3);
    expect(free.length / skins.length).toBeLessThan(0.5);
    for (const s of skins) {
      if (s.price_cents > 0) {
        expect(s.price_cents).toBeGreaterThanOrEqual(200);
        expect(s.price_cents).toBeLessThanOrEqual(3000);
      }
      expect(s.images).toBeGreaterThanOrEqual(2);
      expect(s.images).toBeLessThanOrEqual(5);
      expect(s.sources).toBe(1);
    }

    const images = await app.context.pool.any(
      sql.type(
        z.object({
          filename: z.string(),
          width: z.number(),
          height: z.number(),
          position: z.number(),
          skin_id: z.number(),
        }),
      )`select filename, width, height, position, skin_id from resources where type = 'IMAGE' and skin_id is not null`,
    );
    for (const image of images) {
      expect([image.width, image.height]).toEqual([1280, 720]);
      for (const name of Object.values(imageVariantNames(image.filename))) {
        expect(await app.context.storage.read('public', name), name).not.toBeNull();
      }
    }
    const positions = Map.groupBy(images, (image) => image.skin_id);
    for (const list of positions.values()) {
      expect(list.map((image) => image.position).sort()).toEqual(list.map((_, i) => i));
    }
  });

  it('stores real zips with the files at the root', async () => {
    const sources = await app.context.pool.any(sql.type(
      z.object({
        filename: z.string(),
        original_name: z.string().nullable(),
        size_bytes: z.number(),
        game: z.string(),
      }),
    )`
      select r.filename, r.original_name, r.size_bytes, s.game
      from resources r join skins s on s.id = r.skin_id where r.type = 'SKIN_SOURCE'`);
    for (const source of sources) {
      const zip = await app.context.storage.read('private', source.filename);
      expect(zip?.length).toBe(source.size_bytes);
      expect(source.size_bytes).toBeLessThan(300_000);
      expect(source.original_name).toMatch(/^[a-z0-9-]+\.zip$/);
      const entries = await zipEntries(zip!);
      expect(entries.every((entry) => !entry.name.includes('/'))).toBe(true);
      expect(entries.every((entry) => entry.size > 0)).toBe(true);
      const names = entries.map((entry) => entry.name).sort();
      expect(names).toEqual(
        source.game === 'TM2020'
          ? ['Details.png', 'Diffuse.png', 'Icon.webp', 'README.txt']
          : ['Diffuse.png', 'Icon.png', 'README.txt'],
      );
    }
  });

  it('links color variations both ways and sells bundles below the price of their skins', async () => {
    const links = await app.context.pool.any(sql.type(
      z.object({ skin_id: z.number(), variation_id: z.number(), same: z.boolean() }),
    )`
      select v.skin_id, v.variation_id, (a.author_id = b.author_id and a.game = b.game) as same
      from skin_color_variations v join skins a on a.id = v.skin_id join skins b on b.id = v.variation_id`);
    const pairs = new Set(links.map((link) => `${link.skin_id}-${link.variation_id}`));
    for (const link of links) {
      expect(pairs.has(`${link.variation_id}-${link.skin_id}`)).toBe(true);
      expect(link.same).toBe(true);
    }
    expect(new Set(links.map((link) => link.skin_id)).size).toBeGreaterThanOrEqual(12);

    const bundles = await app.context.pool.any(sql.type(
      z.object({
        price_cents: z.number(),
        sum: z.number(),
        skins: z.number(),
        authors: z.number(),
        games: z.number(),
      }),
    )`
      select b.price_cents, sum(s.price_cents)::int as sum, count(*)::int as skins,
             count(distinct s.author_id)::int + count(*) filter (where s.author_id <> b.author_id)::int as authors,
             count(distinct s.game)::int + count(*) filter (where s.game <> b.game)::int as games
      from bundles b join bundle_skins bs on bs.bundle_id = b.id join skins s on s.id = bs.skin_id
      group by b.id`);
    expect(bundles.length).toBeGreaterThanOrEqual(6);
    expect(bundles.some((bundle) => bundle.price_cents === 0)).toBe(true);
    for (const bundle of bundles) {
      expect(bundle.skins).toBeGreaterThanOrEqual(3);
      expect(bundle.skins).toBeLessThanOrEqual(5);
      expect([bundle.authors, bundle.games]).toEqual([1, 1]);
      if (bundle.price_cents > 0) expect(bundle.price_cents).toBeLessThan(bundle.sum);
    }
  });

  it('has comments, and ratings made through the rating command', async () => {
    const [comments] = await app.context.pool.any(sql.type(
      z.object({ total: z.number(), skins: z.number(), early: z.number() }),
    )`
      select count(*)::int as total, count(distinct c.skin_id)::int as skins,
             count(*) filter (where c.created_at <= s.created_at)::int as early
      from comments c left join skins s on s.id = c.skin_id`);
    expect(comments?.total).toBeGreaterThan(100);
    expect(comments?.skins).toBeGreaterThan(40);
    expect(comments?.early).toBe(0);

    const [ratings] = await app.context.pool.any(sql.type(
      z.object({ total: z.number(), own: z.number(), events: z.number(), best: z.number() }),
    )`
      select count(*)::int as total,
             count(*) filter (where r.user_id = s.author_id)::int as own,
             (select count(*)::int from events where event_type = 'SkinRated') as events,
             (select count(*)::int from skin_stats where rating_count >= 3 and rating_sum >= 4.5 * rating_count) as best
      from skin_ratings r join skins s on s.id = r.skin_id`);
    expect(ratings?.total).toBeGreaterThan(200);
    expect(ratings?.own).toBe(0);
    expect(ratings?.events).toBe(ratings?.total);
    expect(ratings?.best).toBeGreaterThanOrEqual(2);
  });

  it('has months of download history as SkinDownloaded events', async () => {
    const [downloads] = await app.context.pool.any(sql.type(
      z.object({
        total: z.number(),
        unique: z.number(),
        streams: z.number(),
        days: z.number(),
        paid: z.number(),
      }),
    )`
      select count(*)::int as total,
             count(distinct (e.data->>'skinId') || (e.data->>'downloader'))::int as unique,
             count(distinct e.stream_id)::int as streams,
             extract(epoch from max(e.recorded_at) - min(e.recorded_at))::int / 86400 as days,
             count(*) filter (where s.price_cents > 0
               and (e.data->>'userId') is distinct from s.author_id::text
               and (e.data->>'userId') is distinct from (select id::text from users where username = 'admin'))::int as paid
      from events e join skins s on s.id = (e.data->>'skinId')::bigint
      where e.event_type = 'SkinDownloaded'`);
    expect(downloads?.total).toBeGreaterThan(1000);
    expect(downloads?.unique).toBeLessThan(downloads!.total);
    expect(downloads?.days).toBeGreaterThan(90);
    expect(downloads?.paid).toBe(0);
    const perStream = await app.context.pool.any(sql.type(z.object({ transactions: z.number() }))`
      select count(distinct transaction_id)::int as transactions from events
      where event_type = 'SkinDownloaded' group by stream_id`);
    expect(perStream.every((stream) => stream.transactions === 1)).toBe(true);
    expect(perStream.length).toBe(downloads?.streams);
  });

  it('has votes last month, so a fresh start has a Skin of the Month to show', async () => {
    const { chooseSkinOfTheMonth } = await import('../../api/catalogue/choose-skin-of-the-month.handler');
    const decided = await chooseSkinOfTheMonth(app.context, app.context.now());
    expect(decided.map((event) => event.type)).toEqual(['SkinOfTheMonthChosen']);
  });
});
