import type { ChildProcess } from 'node:child_process';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertResource } from '../../api/catalogue/catalogue.writes';
import { addSkin, checkoutForm, type ShopItem } from '../support/shop';
import { startServer, stopServer } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

const JWT_SECRET = 'cluster-test-secret-of-at-least-32-characters';
type Instance = { url: string; child: ChildProcess };
type Health = { leader: boolean | null; projections: { name: string; eventsBehind: number }[] };

let app: TestApp;
let instances: Instance[] = [];
let freeSkins: ShopItem[];
let pricedSkin: ShopItem;

/**
 * Three app processes as `npm start` runs them, on one database and one files folder. The test app
 * beside them only prepares data and reads the database: its own projection runner is stopped, so
 * the instances' leader does all the catch-up work.
 */
beforeAll(async () => {
  app = await createTestApp({ config: { jwtSecret: JWT_SECRET } });
  await app.context.runner.stop();
  const author = await createUser(app);
  freeSkins = [];
  for (let n = 0; n < 3; n++) {
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0, title: `Cluster free ${n}` });
    await app.context.storage.put('private', `cluster-${n}.zip`, Buffer.from(`PK cluster skin ${n}`));
    await insertResource(app.context.pool, {
      skinId: skin.id,
      type: 'SKIN_SOURCE',
      filename: `cluster-${n}.zip`,
      position: 0,
    });
    freeSkins.push(skin);
  }
  pricedSkin = await addSkin(app, { authorId: author.id, priceCents: 300, title: 'Cluster priced' });
  instances = await Promise.all(
    [0, 1, 2].map(() =>
      startServer(app.db, app.context.config.dataDir, {
        JWT_SECRET,
        WEB_BUILD: 'false',
        NODE_ENV: 'test',
        PROJECTION_POLL_MS: '500',
        // Every request of the burst comes from this one address.
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      }),
    ),
  );
}, 240_000);

afterAll(async () => {
  await Promise.all(instances.map(({ child }) => stopServer(child)));
  await app?.close();
});

const health = (instance: Instance): Promise<Health | null> =>
  fetch(`${instance.url}/api/health`).then(
    (response) => response.json() as Promise<Health>,
    () => null,
  );

/** What one acknowledged write was, for the checks against the read models. */
type Acknowledged = { downloads: Map<number, number>; votes: number[]; orders: string[] };

async function download(instance: Instance, skin: ShopItem, done: Acknowledged) {
  const response = await fetch(`${instance.url}/assets/skin/${skin.url}`);
  await response.arrayBuffer();
  if (response.ok) done.downloads.set(skin.id, (done.downloads.get(skin.id) ?? 0) + 1);
}

async function vote(instance: Instance, skin: ShopItem, done: Acknowledged) {
  const voter = await createUser(app);
  const response = await fetch(`${instance.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${voter.token}` },
    body: JSON.stringify({
      query: 'mutation ($id: Long!) { rateSkin(skinId: $id, rating: 4) { totalRatings } }',
      variables: { id: skin.id },
    }),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  if (response.ok && !body.errors) done.votes.push(voter.id);
}

async function order(instance: Instance, done: Acknowledged) {
  const checkout = await fetch(`${instance.url}/api/stripe/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(checkoutForm({ skins: [pricedSkin.id] })),
  });
  const reference = /^\/local-checkout\/(lc_[a-f0-9]{32})$/.exec(await checkout.text())?.[1];
  if (!checkout.ok || !reference) return;
  const paid = await fetch(`${instance.url}/local-checkout/${reference}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  if (paid.status < 400) done.orders.push(reference);
}

const metric = async (instance: Instance, series: string) => {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? NaN);
};

describe('three instances on one database', () => {
  it("serve a change made through one instance at once from the others' caches", async () => {
    const [reader, writer] = instances as [Instance, Instance];
    const skin = freeSkins[0]!;
    const votes = async () => {
      const response = await fetch(`${reader.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ skin(url: "${skin.url}") { rating { totalRatings } } }` }),
      });
      const body = (await response.json()) as { data: { skin: { rating: { totalRatings: number } } } };
      return body.data.skin.rating.totalRatings;
    };
    const before = await votes();
    const hits = await metric(reader, 'graphql_response_cache_hits_total');
    expect(await votes()).toBe(before);
    // The second read was the reader's cached answer.
    expect(await metric(reader, 'graphql_response_cache_hits_total')).toBe(hits + 1);
    const done: Acknowledged = { downloads: new Map(), votes: [], orders: [] };
    await vote(writer, skin, done);
    expect(done.votes).toHaveLength(1);
    // The vote's inline projection committed with it; the database's change notice emptied the
    // reader's cache, so its very next answer has the vote (a short poll covers the notice's trip).
    await expect.poll(votes, { timeout: 2_000, interval: 20 }).toBe(before + 1);
  });

  it('keep every acknowledged write in the read models exactly once when the leader dies mid-burst', async () => {
    const leaders = async () => (await Promise.all(instances.map(health))).map((h) => h?.leader === true);
    const initial = await leaders();
    expect(initial.filter(Boolean)).toHaveLength(1);
    const leader = instances[initial.indexOf(true)]!;

    const done: Acknowledged = { downloads: new Map(), votes: [], orders: [] };
    const rounds = 12;
    let killedAt = 0;
    for (let round = 0; round < rounds; round++) {
      if (round === 4) {
        // The leader dies without a chance to clean up, with requests in flight.
        leader.child.kill('SIGKILL');
        killedAt = Date.now();
      }
      const work: Promise<unknown>[] = [];
      instances.forEach((instance, n) => {
        for (const skin of freeSkins) work.push(download(instance, skin, done).catch(() => undefined));
        work.push(vote(instance, freeSkins[(round + n) % 3]!, done).catch(() => undefined));
        if (round % 2 === 0) work.push(order(instance, done).catch(() => undefined));
      });
      await Promise.all(work);
    }
    const survivors = instances.filter((instance) => instance !== leader);

    // Another instance took over, and the projections it now runs caught up with everything.
    await expect
      .poll(async () => (await Promise.all(survivors.map(health))).filter((h) => h?.leader).length, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(1);
    expect(Date.now() - killedAt).toBeLessThan(12_000);
    await expect
      .poll(
        async () => {
          const answer = await health(survivors[0]!);
          return answer?.projections.every((projection) => projection.eventsBehind === 0);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);

    const db = app.context.pool;
    // Downloads: each acknowledged one is an event (one killed in flight may have been recorded
    // unanswered), and the counters the leader keeps hold every event exactly once.
    const downloads = await db.any(sql.type(
      z.object({ skin_id: z.number(), events: z.number(), counted: z.number() }),
    )`
      select s.id as skin_id,
             (select count(*)::int from events e
               where e.event_type = 'SkinDownloaded' and (e.data->>'skinId')::bigint = s.id) as events,
             coalesce((select downloads_total::int from skin_stats st where st.skin_id = s.id), 0) as counted
      from skins s where s.id = any(${sql.array(
        freeSkins.map((skin) => skin.id),
        'int8',
      )})`);
    for (const row of downloads) {
      expect(row.counted).toBe(row.events);
      expect(row.events).toBeGreaterThanOrEqual(done.downloads.get(row.skin_id) ?? 0);
    }
    expect([...done.downloads.values()].reduce((sum, n) => sum + n, 0)).toBeGreaterThan(50);

    // Votes: every acknowledged vote is in the ratings and counted once on its skin.
    const voters = await db.anyFirst(sql.type(z.object({ user_id: z.number() }))`
      select user_id from skin_ratings where user_id = any(${sql.array(done.votes, 'int8')})`);
    expect(new Set(voters)).toEqual(new Set(done.votes));
    const ratingCounts = await db.oneFirst(sql.type(z.object({ mismatches: z.number() }))`
      select count(*)::int as mismatches from skin_stats st
      where st.skin_id = any(${sql.array(
        freeSkins.map((skin) => skin.id),
        'int8',
      )})
        and st.rating_count <> (select count(*) from skin_ratings r where r.skin_id = st.skin_id)`);
    expect(ratingCounts).toBe(0);

    // Orders: every acknowledged payment is a paid order, in the sales statistics once.
    expect(done.orders.length).toBeGreaterThan(5);
    const sales = await db.any(sql.type(
      z.object({ reference: z.string(), status: z.string(), sales_rows: z.number() }),
    )`
      select s.provider_reference as reference, o.status,
             (select count(*)::int from sales_orders so where so.order_id = o.id) as sales_rows
      from order_payment_sessions s join orders o on o.id = s.order_id
      where s.provider_reference = any(${sql.array(done.orders, 'text')})`);
    expect(sales).toHaveLength(done.orders.length);
    for (const row of sales) expect(row).toMatchObject({ status: 'PAYMENT_RECEIVED', sales_rows: 1 });

    // The event activity counts (another catch-up projection) hold every event once.
    const activity = await db.one(sql.type(z.object({ events: z.number(), counted: z.number() }))`
      select (select count(*)::int from events) as events,
             (select coalesce(sum(events), 0)::int from event_activity_daily) as counted`);
    expect(activity.counted).toBe(activity.events);
  }, 180_000);
});
