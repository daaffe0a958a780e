import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'slonik';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configuredFeePolicy } from '../../api/orders/place-order.handler';
import { TAGS_PER_SKIN_MAX } from '../../domain/catalog/tags.schemas';
import { imageVariantNames } from '../../infra/media/image-variants';
import { createTestApp, type TestApp } from '../support/test-app';
import { seedDemoData } from '../../app/demo/seed-demo';
import { findUserByLogin, sessionClaimsOf } from '../../api/accounts/users.repository';
import { zipEntries as archiveFiles } from '../support/zip-entries';

let app: TestApp;
let firstRun: boolean;
let seconds: number;

beforeAll(async () => {
  app = await createTestApp({ config: { logLevel: 'error' } });
  const started = performance.now();
  firstRun = await seedDemoData(app.context);
  seconds = (performance.now() - started) / 1000;
  console.info(`demo data seeded in ${seconds.toFixed(1)} s`);
}, 300_000);
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

  it('has authors from many countries with avatars, besides the demo accounts (guests have no profile)', async () => {
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
      from users u where not u.anonymous`);
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

  it("has every account created before its first skin, bundle, comment, vote or order (an author's 'Member since')", async () => {
    const late = await app.context.pool.anyFirst(sql.type(z.object({ username: z.string() }))`
      select u.username::text as username from users u
      where not u.anonymous and (
        exists (select 1 from skins s where s.author_id = u.id and s.created_at <= u.created_at)
        or exists (select 1 from bundles b where b.author_id = u.id and b.created_at <= u.created_at)
        or exists (select 1 from comments c where c.user_id = u.id and c.created_at <= u.created_at)
        or exists (select 1 from skin_ratings r where r.user_id = u.id and r.rated_at <= u.created_at)
        or exists (select 1 from orders o where o.buyer_user_id = u.id and o.placed_at <= u.created_at))`);
    expect(late).toEqual([]);
    // The authors joined on different days, not all at once.
    const days = await app.context.pool.oneFirst(sql.type(z.object({ days: z.number() }))`
      select count(distinct (u.created_at at time zone 'UTC')::date)::int as days
      from users u where exists (select 1 from skins s where s.author_id = u.id)`);
    expect(days).toBeGreaterThan(3);
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
        unowned: z.number(),
      }),
    )`
      select count(*)::int as total,
             count(distinct (e.data->>'skinId') || (e.data->>'downloader'))::int as unique,
             count(distinct e.stream_id)::int as streams,
             extract(epoch from max(e.recorded_at) - min(e.recorded_at))::int / 86400 as days,
             count(*) filter (where s.price_cents > 0
               and (e.data->>'userId') is distinct from s.author_id::text
               and (e.data->>'userId') is distinct from (select id::text from users where username = 'admin'))::int as paid,
             count(*) filter (where s.price_cents > 0
               and (e.data->>'userId') is distinct from s.author_id::text
               and (e.data->>'userId') is distinct from (select id::text from users where username = 'admin')
               and not exists (
                 select 1 from owned_skins o
                 where o.skin_id = s.id and o.user_id = (e.data->>'userId')::bigint
                   and o.acquired_at <= e.recorded_at))::int as unowned
      from events e join skins s on s.id = (e.data->>'skinId')::bigint
      where e.event_type = 'SkinDownloaded'`);
    expect(downloads?.total).toBeGreaterThan(1000);
    expect(downloads?.unique).toBeLessThan(downloads!.total);
    expect(downloads?.days).toBeGreaterThan(90);
    // Paid skins are downloaded by their author, the admin and the buyers who own them.
    expect(downloads?.paid).toBeGreaterThan(100);
    expect(downloads?.unowned).toBe(0);
    const perStream = await app.context.pool.any(sql.type(z.object({ transactions: z.number() }))`
      select count(distinct transaction_id)::int as transactions from events
      where event_type = 'SkinDownloaded' group by stream_id`);
    expect(perStream.every((stream) => stream.transactions === 1)).toBe(true);
    expect(perStream.length).toBe(downloads?.streams);
  });

  it('tags every skin with one to five active tags, so the tag filter has something in each group', async () => {
    const perSkin = await app.context.pool.anyFirst(sql.type(z.object({ tags: z.number() }))`
      select count(st.tag_id)::int as tags from skins s left join skin_tags st on st.skin_id = s.id group by s.id`);
    expect(perSkin.length).toBeGreaterThan(50);
    expect(Math.min(...perSkin)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perSkin)).toBeLessThanOrEqual(TAGS_PER_SKIN_MAX);
    const used = await app.context.pool.any(sql.type(z.object({ tag_group: z.string(), skins: z.number() }))`
      select t.tag_group, count(distinct st.skin_id)::int as skins
      from skin_tags st join tags t on t.id = st.tag_id where t.retired_at is null group by t.tag_group`);
    const byGroup = Object.fromEntries(used.map((row) => [row.tag_group, row.skins]));
    expect(byGroup.STYLE).toBeGreaterThan(20);
    expect(byGroup.COLOR).toBe(perSkin.length);
    expect(byGroup.LIVERY).toBeGreaterThan(5);
  });

  it('has votes last month, so a fresh start has a Skin of the Month to show', async () => {
    const { chooseSkinOfTheMonth } = await import('../../api/catalogue/choose-skin-of-the-month.handler');
    const decided = await chooseSkinOfTheMonth(app.context, app.context.now());
    expect(decided.map((event) => event.type)).toEqual(['SkinOfTheMonthChosen']);
  });
});

describe('the demo moderation', () => {
  it('has open reports in the queue, a removed comment, a dismissed report and a blocked account', async () => {
    const reports = await app.context.pool.any(
      sql.type(
        z.object({ item_type: z.string(), status: z.string(), count: z.number() }),
      )`select item_type, status, count(*)::int as count from item_reports group by 1, 2 order by 1, 2`,
    );
    expect(reports).toEqual([
      { item_type: 'COMMENT', status: 'DISMISSED', count: 1 },
      { item_type: 'COMMENT', status: 'OPEN', count: 2 },
      { item_type: 'COMMENT', status: 'UPHELD', count: 2 },
      { item_type: 'SKIN', status: 'OPEN', count: 2 },
    ]);
    const blocked = await app.context.pool.anyFirst(sql.type(z.object({ username: z.string() }))`
      select username::text as username from users where blocked`);
    expect(blocked).toEqual(['free_coins_4u']);
    const hiddenComments = await app.context.pool.oneFirst(sql.type(z.object({ count: z.number() }))`
      select count(*)::int as count from comments where not listed`);
    expect(hiddenComments).toBe(2);
  });
});

describe('the demo sales and payouts', () => {
  const count = z.object({ n: z.number() });
  const adminId = async () =>
    app.context.pool.oneFirst(
      sql.type(z.object({ id: z.number() }))`select id from users where username = 'admin'`,
    );

  it('has paid orders over six months, by guests and demo users, by card and PayPal, at catalogue prices', async () => {
    const orders = await app.context.pool.any(sql.type(
      z.object({
        status: z.string(),
        payment_type: z.string(),
        guest: z.boolean(),
        buyer: z.string().nullable(),
        n: z.number(),
        days: z.number(),
      }),
    )`
      select o.status, o.payment_type, o.guest, case when u.anonymous then null else u.username::text end as buyer,
             count(*)::int as n,
             extract(epoch from max(o.payment_received_at) - min(o.payment_received_at))::int / 86400 as days
      from orders o join users u on u.id = o.buyer_user_id
      group by 1, 2, 3, 4`);
    const total = (filter: (row: (typeof orders)[number]) => boolean) =>
      orders.filter(filter).reduce((sum, row) => sum + row.n, 0);
    console.info(
      'demo orders:',
      JSON.stringify(
        Object.fromEntries(['PAYMENT_RECEIVED', 'REFUNDED'].map((s) => [s, total((r) => r.status === s)])),
      ),
    );
    expect(new Set(orders.map((row) => row.status))).toEqual(new Set(['PAYMENT_RECEIVED', 'REFUNDED']));
    expect(total((row) => row.status === 'PAYMENT_RECEIVED')).toBeGreaterThan(200);
    expect(total((row) => row.status === 'REFUNDED')).toBeGreaterThanOrEqual(3);
    expect(total((row) => row.payment_type === 'STRIPE')).toBeGreaterThan(50);
    expect(total((row) => row.payment_type === 'PAYPAL')).toBeGreaterThan(50);
    expect(total((row) => row.guest)).toBeGreaterThan(50);
    expect(total((row) => !row.guest)).toBeGreaterThan(20);
    expect(total((row) => row.buyer === 'player')).toBeGreaterThan(0);
    expect(Math.max(...orders.map((row) => row.days))).toBeGreaterThan(150);

    // Prices are the catalogue's, fees the configured policy's; the order events carry their own times.
    const [checks] = await app.context.pool.any(sql.type(
      z.object({
        wrong_price: z.number(),
        policies: z.array(z.string()),
        undated: z.number(),
        money: z.number(),
      }),
    )`
      select
        (select count(*)::int from order_items i
         left join skins s on i.item_type = 'SKIN' and s.id = i.item_id
         left join bundles b on i.item_type = 'BUNDLE' and b.id = i.item_id
         -- A reverse-charge buyer was charged less than the catalogue price it kept (docs/vat.md).
         where (coalesce(i.list_price_cents, i.price_cents) <> coalesce(s.price_cents, b.price_cents)
                -- A sale's or a code's order pays less than the catalogue price (docs/sales-and-codes.md).
                and not exists (select 1 from events e
                                where e.stream_id = 'order-' || i.order_id and e.event_type = 'OrderPlaced'
                                  and jsonb_path_exists(e.data, '$.items[*].reductions')))
            or i.tip_cents <> 0) as wrong_price,
        (select array_agg(distinct fee_policy_version) from orders) as policies,
        (select count(*)::int from events e join orders o on o.id = (e.data->>'orderId')::bigint
         where (e.event_type = 'OrderPlaced' and e.recorded_at <> o.placed_at)
            or (e.event_type = 'PaymentReceived' and e.recorded_at <> o.payment_received_at)
            or (e.event_type = 'OrderRefunded' and e.recorded_at <> o.refunded_at)) as undated,
        (select count(*)::int from orders
         where vat_cents + site_fee_cents + payment_fee_cents + author_share_cents <> total_cents) as money`);
    expect(checks).toEqual({
      wrong_price: 0,
      policies: [configuredFeePolicy(app.context).version],
      undated: 0,
      money: 0,
    });

    // Refunds: by the admin, within 7 days of the payment; one of them after its payout was locked.
    const refunds = await app.context.pool.any(sql.type(
      z.object({ refunded_by: z.number().nullable(), hours: z.number() }),
    )`
      select refunded_by, extract(epoch from refunded_at - payment_received_at)::int / 3600 as hours
      from orders where status = 'REFUNDED'`);
    const admin = await adminId();
    for (const row of refunds) {
      expect(row.refunded_by).toBe(admin);
      expect(row.hours).toBeLessThan(7 * 24);
    }
    // runOrderCommand sends no mail: the outbox stays empty.
    const outbox = await fs.readdir(app.context.mailer.outboxDir).catch(() => []);
    expect(outbox).toEqual([]);
  });

  it('grants what paid orders bought, and nothing for refunded ones', async () => {
    const [ownership] = await app.context.pool.any(sql.type(
      z.object({
        refunded_owning: z.number(),
        paid_missing: z.number(),
        unpaid: z.number(),
        owners: z.number(),
      }),
    )`
      select
        (select count(*)::int from owned_skins w join orders o on o.id = w.order_id where o.status <> 'PAYMENT_RECEIVED')
          + (select count(*)::int from owned_bundles w join orders o on o.id = w.order_id where o.status <> 'PAYMENT_RECEIVED')
          as refunded_owning,
        (select count(*)::int from order_items i join orders o on o.id = i.order_id
         -- A gift's items are the claiming account's, checked below (docs/gifts.md).
         where o.status = 'PAYMENT_RECEIVED' and not exists (select 1 from gifts g where g.order_id = o.id) and (
           (i.item_type = 'SKIN' and not exists (
              select 1 from owned_skins w where w.order_id = o.id and w.skin_id = i.item_id and w.user_id = o.buyer_user_id))
           or (i.item_type = 'BUNDLE' and (
              not exists (select 1 from owned_bundles w where w.order_id = o.id and w.bundle_id = i.item_id and w.user_id = o.buyer_user_id)
              or (select count(*) from owned_skins w where w.order_id = o.id and w.bundle_id = i.item_id)
                 <> cardinality(i.skin_ids))))) as paid_missing,
        (select count(*)::int from owned_skins where acquired_at is null) as unpaid,
        (select count(distinct user_id)::int from owned_skins) as owners`);
    expect(ownership).toMatchObject({ refunded_owning: 0, paid_missing: 0, unpaid: 0 });
    expect(ownership?.owners).toBeGreaterThan(50);
  });

  it("gives two of player's orders as gifts: one claimed by author, who owns it, one still open, owned by nobody", async () => {
    const gifts = await app.context.pool.any(sql.type(
      z.object({
        status: z.string(),
        giver: z.string(),
        claimer: z.string().nullable(),
        owners: z.array(z.string()),
        links: z.number(),
      }),
    )`
      select g.status, giver.username::text as giver, claimer.username::text as claimer,
        array(select distinct u.username::text from owned_skins w join users u on u.id = w.user_id
              where w.order_id = g.order_id and w.acquired_at is not null) as owners,
        (select count(*)::int from gift_claim_links l where l.order_id = g.order_id) as links
      from gifts g join users giver on giver.id = g.giver_user_id
      left join users claimer on claimer.id = g.claimed_by
      order by g.order_id`);
    expect(gifts).toEqual([
      { status: 'CLAIMED', giver: 'player', claimer: 'author', owners: ['author'], links: 1 },
      { status: 'OPEN', giver: 'player', claimer: null, owners: [], links: 1 },
    ]);
  });

  it('leaves the payouts as a well-run month would: paid on their dates, one returned by the bank', async () => {
    const payouts = await app.context.pool.any(sql.type(
      z.object({
        username: z.string(),
        status: z.string(),
        amount_cents: z.number(),
        adjustment_count: z.number(),
        failure_reason: z.string().nullable(),
        iban: z.string().nullable(),
        method: z.string().nullable(),
        author_method: z.string().nullable(),
      }),
    )`
      select u.username::text as username, p.status, p.amount_cents, p.adjustment_count, p.failure_reason,
             p.destination->>'iban' as iban, p.payout_method as method, u.payout_method as author_method
      from payouts p join users u on u.id = p.author_id order by p.id`);
    const statuses = (rows: typeof payouts) =>
      Object.fromEntries(
        ['PENDING', 'LOCKED', 'SENT', 'ERROR'].map((status) => [
          status,
          rows.filter((row) => row.status === status).length,
        ]),
      );
    const mine = payouts.filter((row) => row.username === 'author');
    console.info('demo payouts:', JSON.stringify({ all: statuses(payouts), author: statuses(mine) }));
    expect(statuses(mine)).toMatchObject({ PENDING: 1, ERROR: 1 });
    expect(statuses(mine).SENT).toBeGreaterThanOrEqual(4);
    expect(mine.filter((row) => row.amount_cents >= 5000).length).toBeGreaterThanOrEqual(4);
    expect(mine.find((row) => row.status === 'ERROR')?.failure_reason).toMatch(/AC04/);
    expect(mine.some((row) => row.adjustment_count > 0)).toBe(true);
    expect(['PENDING', 'SENT', 'ERROR'].every((status) => statuses(payouts)[status]! > 0)).toBe(true);
    // A well-run month: no bank payout is left locked past its payout date, and every sent bank
    // payout went out in a stored SEPA file.
    const today = new Date().toISOString().slice(0, 10);
    const overdue = await app.context.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from payouts
      where status = 'LOCKED' and payout_method = 'BANK_TRANSFER' and payout_date < ${today}::date`);
    expect(overdue).toEqual([]);
    const unfiled = await app.context.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
      select p.id from payouts p
      where p.status = 'SENT' and p.payout_method = 'BANK_TRANSFER'
        and not exists (select 1 from sepa_files f where f.id = p.export_file_id)`);
    expect(unfiled).toEqual([]);
    expect(payouts.some((row) => row.method === 'PAYPAL' && row.status === 'SENT')).toBe(true);
    // Without a payout method, payouts wait.
    const waiting = payouts.filter((row) => row.author_method === null);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((row) => row.status === 'PENDING')).toBe(true);

    // A returned payout was locked again with corrected details and sent.
    const relocked = await app.context.pool.anyFirst(sql.type(z.object({ types: z.string() }))`
      select string_agg(event_type, ',' order by stream_version) as types from events
      where stream_id in (select stream_id from events where event_type = 'PayoutRelocked')
      group by stream_id`);
    expect(
      relocked.some((types) => /PayoutFailed,PayoutRelocked,PayoutExported,PayoutSent$/.test(types)),
    ).toBe(true);
    // Every admin action names the admin.
    const admin = await adminId();
    const actors = await app.context.pool.anyFirst(sql.type(z.object({ actor: z.string() }))`
      select distinct metadata->>'actor' as actor from events
      where event_type in ('PayoutExported', 'PayoutSent', 'PayoutFailed', 'PayoutRelocked', 'OrderRefunded')
         or (event_type = 'PayoutLocked' and metadata->'actor'->>'system' is null)`);
    expect(actors.map((actor) => JSON.parse(actor))).toEqual([{ userId: admin, role: 'admin' }]);
  });

  it("keeps every payout's amount the sum of its lines, and every paid item in one payout", async () => {
    const [books] = await app.context.pool.any(sql.type(
      z.object({
        unbalanced: z.number(),
        miscounted: z.number(),
        unallocated: z.number(),
        refunds_kept: z.number(),
      }),
    )`
      select
        (select count(*)::int from payouts p
         where p.amount_cents <> (select coalesce(sum(author_share_cents), 0) from payout_lines l where l.payout_id = p.id))
          as unbalanced,
        (select count(*)::int from payouts p
         where p.skin_count <> (select count(*) from payout_lines l where l.payout_id = p.id and l.kind = 'ITEM' and l.item_type = 'SKIN')
            or p.bundle_count <> (select count(*) from payout_lines l where l.payout_id = p.id and l.kind = 'ITEM' and l.item_type = 'BUNDLE')
            or p.adjustment_count <> (select count(*) from payout_lines l where l.payout_id = p.id and l.kind = 'ADJUSTMENT'))
          as miscounted,
        (select count(*)::int from order_items i join orders o on o.id = i.order_id
         where o.status = 'PAYMENT_RECEIVED'
           -- One line per author: a co-authored item's parts add up to its share (docs/co-authors.md).
           and (select coalesce(sum(l.author_share_cents), -1) from payout_lines l
                where l.kind = 'ITEM' and l.order_id = i.order_id and l.position = i.position)
               <> i.author_share_cents) as unallocated,
        -- A refunded item is out of its payout, or taken back by an adjustment of the same amount.
        (select count(*)::int from order_items i join orders o on o.id = i.order_id
         where o.status = 'REFUNDED'
           and coalesce((select sum(l.author_share_cents) from payout_lines l
                         where l.order_id = i.order_id and l.position = i.position), 0) <> 0) as refunds_kept`);
    expect(books).toEqual({ unbalanced: 0, miscounted: 0, unallocated: 0, refunds_kept: 0 });
    // Refunds took items out of pending payouts, and came back as adjustments after a lock.
    const refundedLines = await app.context.pool.anyFirst(sql.type(z.object({ kinds: z.string() }))`
      select coalesce((select string_agg(l.kind, ',' order by l.kind) from payout_lines l
                       where l.order_id = i.order_id and l.position = i.position), '') as kinds
      from order_items i join orders o on o.id = i.order_id where o.status = 'REFUNDED'`);
    expect(refundedLines).toContain('');
    expect(refundedLines).toContain('ADJUSTMENT,ITEM');
    const adjustments = await app.context.pool.oneFirst(
      sql.type(count)`select count(*)::int as n from payout_lines where kind = 'ADJUSTMENT'`,
    );
    expect(adjustments).toBeGreaterThan(0);
  });

  it('gives two of author’s skins a version history (one to version 3), back-dated, the newest file served', async () => {
    const histories = await app.context.pool.any(sql.type(
      z.object({
        skin_id: z.number(),
        versions: z.array(z.number()),
        dated: z.boolean(),
        served: z.boolean(),
      }),
    )`
      select v.skin_id, array_agg(v.version order by v.version) as versions,
             bool_and(v.published_at < now() - interval '12 hours') as dated,
             bool_or(r.filename = v.file_id and v.version = (select max(version) from skin_versions w where w.skin_id = v.skin_id)) as served
      from skin_versions v join skins s on s.id = v.skin_id join users u on u.id = s.author_id
      left join resources r on r.skin_id = v.skin_id and r.type = 'SKIN_SOURCE'
      where u.username = 'author' group by v.skin_id order by count(*) desc`);
    expect(histories).toEqual([
      { skin_id: expect.any(Number), versions: [1, 2, 3], dated: true, served: true },
      { skin_id: expect.any(Number), versions: [1, 2], dated: true, served: true },
    ]);
    const oldest = await app.context.pool.oneFirst(sql.type(z.object({ file_id: z.string() }))`
      select file_id from skin_versions where skin_id = ${histories[0]!.skin_id} and version = 1`);
    const file = await app.context.storage.open('private', oldest);
    expect(file).not.toBeNull();
    file?.stream.destroy();
  });

  it('has the player following the author and another demo author, and wishing 3 skins and 1 bundle not owned', async () => {
    const follows = await app.context.pool.any(sql.type(
      z.object({ username: z.string(), followers: z.number() }),
    )`
      select u.username::text as username, c.followers from author_follows f
      join users u on u.id = f.author_id
      join author_follower_counts c on c.author_id = f.author_id
      where f.user_id = (select id from users where username = 'player')`);
    // This demo's follows and the notifications demo's (which may pick another second author).
    expect(follows.map((f) => f.username)).toContain('author');
    expect(follows.length).toBeGreaterThanOrEqual(2);
    expect(follows.every((f) => f.followers >= 1)).toBe(true);
    const wishes = await app.context.pool.any(sql.type(
      z.object({ item_type: z.string(), listed: z.boolean(), owned: z.boolean(), own: z.boolean() }),
    )`
      select w.item_type, coalesce(s.listed, b.listed) as listed,
             exists (select 1 from owned_skins o where o.skin_id = w.item_id and w.item_type = 'SKIN'
                       and o.user_id = w.user_id and o.acquired_at is not null)
             or exists (select 1 from owned_bundles o where o.bundle_id = w.item_id and w.item_type = 'BUNDLE'
                       and o.user_id = w.user_id and o.acquired_at is not null) as owned,
             coalesce(s.author_id, b.author_id) = w.user_id as own
      from wishlist_items w
      left join skins s on w.item_type = 'SKIN' and s.id = w.item_id
      left join bundles b on w.item_type = 'BUNDLE' and b.id = w.item_id
      where w.user_id = (select id from users where username = 'player')`);
    expect(wishes.filter((w) => w.item_type === 'SKIN').length).toBeGreaterThanOrEqual(3);
    expect(wishes.filter((w) => w.item_type === 'BUNDLE')).toHaveLength(1);
    expect(wishes.every((w) => w.listed && !w.owned && !w.own)).toBe(true);
    // Back-dated over the last weeks, through the events.
    const times = await app.context.pool.anyFirst(sql.type(z.object({ at: z.number() }))`
      select recorded_at as at from events where event_type in ('AuthorFollowed', 'ItemWished')
        and (data->>'userId')::bigint = (select id from users where username = 'player')`);
    expect(times).toHaveLength(follows.length + wishes.length);
    expect(times.every((at) => at < Date.now() - 24 * 3_600_000)).toBe(true);
  });
});

describe('the demo author’s data export', () => {
  it('holds every kind of a person’s data, each with at least one row', async () => {
    // The invoices, payouts and notifications come from the catch-up consumers.
    await app.context.runner.catchUp();
    const author = await findUserByLogin(app.context.pool, 'author');
    const token = await app.context.tokens.sign(sessionClaimsOf(author!));
    const started = performance.now();
    const response = await app.server.inject({
      method: 'GET',
      url: '/api/me/data-export',
      headers: { authorization: `Bearer ${token}` },
    });
    const exportSeconds = (performance.now() - started) / 1000;
    console.info(
      `the demo author's data export: ${exportSeconds.toFixed(2)} s, ${response.rawPayload.length} bytes`,
    );
    expect(response.statusCode).toBe(200);
    expect(exportSeconds).toBeLessThan(5);
    const files = await archiveFiles(response.rawPayload);
    const rowsOf = (name: string) => (files.get(name)?.toString('utf8').trim().split('\n').length ?? 0) - 1;
    for (const csv of [
      'order-items.csv',
      'invoices.csv',
      'downloads.csv',
      'ratings.csv',
      'comments.csv',
      'follows.csv',
      'wishes.csv',
      'notifications.csv',
      'skins.csv',
    ]) {
      expect(rowsOf(csv), csv).toBeGreaterThan(0);
    }
    expect(JSON.parse(files.get('orders.json')!.toString()).length).toBeGreaterThan(0);
    expect(JSON.parse(files.get('payouts.json')!.toString()).length).toBeGreaterThan(0);
    expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ username: 'author' });
    const names = [...files.keys()];
    expect(names.some((name) => /^invoices\/invoice-.+\.pdf$/.test(name))).toBe(true);
    expect(names.some((name) => /^payout-statements\/payout-\d+-statement\.csv$/.test(name))).toBe(true);
  });
});
