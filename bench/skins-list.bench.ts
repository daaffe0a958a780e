import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { findUserById, sessionClaimsOf } from '../api/accounts/users.repository';
import { insertSkin } from '../api/catalogue/catalogue.writes';
import { buildServer } from '../api/server';
import { projections } from '../projections';
import { createAppContext, listenToCatalogueChanges } from '../app/app';
import { loadConfig } from '../infra/config';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { createLogger } from '../infra/logger';
import { CatchUpRunner } from '../infra/projection-engine/catch-up-runner';
import type { BenchDatabase } from './bench-database';

/** The skins page as the web app asks for it: 15 cards with author, rating and thumbnail. */
const SKINS_PAGE = JSON.stringify({
  query: `{ skins(type: TM2020, page: { page: 0, size: 15 }) {
    pageInfo { pageNumber totalPages totalElements }
    content { id url title price type author { username url country avatar { url } }
              rating { average totalRatings } thumbnail { cardUrl } } } }`,
});

/** The skins page with a search, as the list asks for it once a visitor types. */
const SEARCH_PAGE = JSON.stringify({
  query: `{ skins(search: "Bench Skin 4242", page: { page: 0, size: 15 }) {
    pageInfo { pageNumber totalPages totalElements }
    content { id url title price type author { username url country avatar { url } }
              rating { average totalRatings } thumbnail { cardUrl } } } }`,
});

/**
 * Fills the read models the list reads: by default 20k users (2k of them authors), 100k skins with
 * a picture each, 1M votes (10 per skin) and 5M downloads as the counters the download projection
 * keeps, and 10 days of daily download counts for every fifth skin (the trending sort's window).
 * A smaller `skins` scales users and authors down with it (for quick runs while working).
 */
async function fillCatalogue(db: BenchDatabase, skins: number) {
  // Each fill statement may outlast the pool's statement timeout on a busy machine.
  const pool = {
    query: (statement: ReturnType<typeof sql.unsafe>) =>
      db.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`set local statement_timeout = 0`);
        return tx.query(statement);
      }),
  };
  const users = Math.max(100, skins / 5);
  const authors = Math.max(10, users / 10);
  await pool.query(sql.unsafe`
    insert into users (url, username, email, country, roles)
    select 'bench-user-' || n, 'bench_user_' || n, 'bench' || n || '@example.com',
           (array['cz','de','fr','pl','se','us','jp','br'])[1 + n % 8], array['regular']
    from generate_series(1, ${users}::int) n`);
  await pool.query(sql.unsafe`
    insert into skins (url, author_id, title, description, game, price_cents, created_at, modified_at)
    select 'bench-skin-' || n, (select min(id) from users) + (n % ${authors}::int), 'Bench Skin ' || n, 'Generated for the benchmark',
           (array['TM2020','TM2020','TMNF','TM_TURBO','TM2'])[1 + n % 5],
           case when n % 3 = 0 then 0 else 200 + (n % 2800) end,
           now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
    from generate_series(1, ${skins}::int) n`);
  await pool.query(sql.unsafe`
    insert into resources (skin_id, type, filename, position)
    select id, 'IMAGE', 'bench-' || id || '.jpg', 0 from skins`);
  await pool.query(sql.unsafe`
    insert into skin_ratings (skin_id, user_id, rating, rated_at)
    select s.id, (select min(id) from users) + ((s.id * 7 + k * 1999) % ${users}::int), 1 + (s.id + k) % 5, now()
    from skins s, generate_series(1, 10) k`);
  await pool.query(sql.unsafe`
    insert into skin_stats (skin_id, rating_sum, rating_count, downloads_total, downloads_unique)
    select r.skin_id, sum(r.rating), count(*), 50, 30 from skin_ratings r group by r.skin_id`);
  // The last 10 days' downloads of every fifth skin, as the download projection counts them per day:
  // what the trending sort reads.
  await pool.query(sql.unsafe`
    insert into skin_download_daily (skin_id, day, total)
    select s.id, current_date - d, 1 + (s.id * 13 + d) % 40
    from skins s, generate_series(0, 9) d where s.id % 5 = 0`);
  await db.pool.query(sql.unsafe`vacuum analyze`);
}

/** The skins list's sorts and filters, each asked one after another: the computed latency of each. */
const LIST_VARIANTS: Record<string, string> = {
  latest: 'page: { page: 0, size: 15 }',
  downloads: 'page: { page: 0, size: 15, sortBy: "downloads" }',
  topRated: 'page: { page: 0, size: 15, sortBy: "rating" }',
  trending: 'page: { page: 0, size: 15, sortBy: "trending" }',
  downloadsFree: 'page: { page: 0, size: 15, sortBy: "downloads" }, price: { free: true }',
  downloadsPaid2To5: 'page: { page: 0, size: 15, sortBy: "downloads" }, price: { minPrice: 2, maxPrice: 5 }',
  latestPage50: 'page: { page: 50, size: 15 }',
  searchRelevance: 'page: { page: 0, size: 15 }, search: "Bench Skin 4242"',
};

async function latencyOfVariants(url: string, requests: number) {
  const figures: Record<string, { p50Ms: number; p99Ms: number }> = {};
  for (const [name, args] of Object.entries(LIST_VARIANTS)) {
    const body = JSON.stringify({
      query: `{ skins(type: TM2020, ${args}) { pageInfo { totalElements } content { id title price
        rating { average totalRatings } downloads { total } thumbnail { cardUrl } } } }`,
    });
    const latencies: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answer = await response.text();
      if (response.status !== 200 || answer.includes('"errors"'))
        throw new Error(`${name}: ${answer.slice(0, 200)}`);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    figures[name] = {
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    };
  }
  return figures;
}

/** A request to repeat: its body and the headers beside the content type (a session cookie). */
type Load = { body: string; headers?: Record<string, string> };
const SKINS_LOAD: Load = { body: SKINS_PAGE };

/** Saturated load: as many requests as 32 connections get answered. */
async function saturate(
  url: string,
  options: { connections: number; seconds: number },
  load: Load = SKINS_LOAD,
) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...load.headers },
    body: load.body,
    connections: options.connections,
    duration: options.seconds,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} failed answers, ${result.errors} errors`);
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Offered load: one request every 1/rate seconds, evenly spaced, whether or not earlier ones were
 * answered (open loop). Each latency runs from the moment the request was due, so a server that
 * falls behind is charged for the wait. (autocannon's rate option sends each second's requests in
 * one burst at the start of the second, which measures the burst, not the rate.)
 */
async function offer(url: string, options: { rate: number; seconds: number }, load: Load = SKINS_LOAD) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(url);
  const body = Buffer.from(load.body);
  const send = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length, ...load.headers },
        },
        (response) => {
          let answer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => void (answer += chunk));
          response.on('end', () =>
            response.statusCode === 200 && !answer.includes('"errors"')
              ? resolve()
              : reject(new Error(`status ${response.statusCode}: ${answer.slice(0, 200)}`)),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const interval = 1000 / options.rate;
  const count = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // A timer may fire a fraction of a millisecond early: then the clock starts at the send.
    const from = Math.min(due, performance.now());
    pending.push(send().then(() => void latencies.push(performance.now() - from)));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? 0),
  };
}

/**
 * Anonymous and signed-in visitors side by side, on the response cache: the skins page and a
 * search, saturated and at 200 requests a second; the signed-in skins page of a viewer who sees
 * more (uncached); and the viewer-state query a signed-in skin page adds, alone.
 */
async function measureSignedIn(
  db: BenchDatabase,
  context: Awaited<ReturnType<typeof createAppContext>>,
  url: string,
  seconds: number,
) {
  const cookies = await sessionCookies(db, context);
  const round = (ratio: number) => Math.round(ratio * 100) / 100;
  const side = async (load: Load) => {
    // One answer first: 32 connections missing an emptied cache at once would each compute it.
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...load.headers },
      body: load.body,
    });
    await saturate(url, { connections: 8, seconds: 2 }, load); // warm-up
    const saturated = await saturate(url, { connections: 32, seconds }, load);
    const at200 = await offer(url, { rate: 200, seconds }, load);
    return {
      saturatedRequestsPerSecond: saturated.requestsPerSecond,
      saturatedP99Ms: saturated.p99Ms,
      at200,
    };
  };
  const pair = async (body: string) => {
    const anonymous = await side({ body });
    const signedIn = await side({ body, headers: cookies.player });
    return {
      anonymous,
      signedIn,
      signedInToAnonymousRatio: round(
        signedIn.saturatedRequestsPerSecond / anonymous.saturatedRequestsPerSecond,
      ),
    };
  };
  const skinsPage = await pair(SKINS_PAGE);
  const search = await pair(SEARCH_PAGE);
  const seeingMore = await side({ body: SKINS_PAGE, headers: cookies.authorOfDraft });
  const [skinId] = await db.pool.anyFirst(
    sql.type(z.object({ id: z.number() }))`select id from skins where listed order by id limit 1`,
  );
  const viewerState = await side({
    body: JSON.stringify({
      // What a player's skin page asks (the takedown only for the skin's author and admins).
      query: `query ($ids: [ID!]!) { viewerSkinStates(ids: $ids) { id myRating } }`,
      variables: { ids: [String(skinId)] },
    }),
    headers: cookies.player,
  });
  return {
    skinsPage,
    search,
    skinsPageOfAViewerSeeingMore: {
      ...seeingMore,
      toAnonymousRatio: round(
        seeingMore.saturatedRequestsPerSecond / skinsPage.anonymous.saturatedRequestsPerSecond,
      ),
    },
    viewerSkinStateOfOneSkin: viewerState,
  };
}

/**
 * Session cookies of two bench players, minted as the login route mints them: one who sees what
 * visitors see, and the author of an unpublished skin, who sees more and so runs every query
 * uncached (as every signed-in request did before signed-in viewers shared the cache).
 */
async function sessionCookies(db: BenchDatabase, context: Awaited<ReturnType<typeof createAppContext>>) {
  const [player, author] = await db.pool.anyFirst(
    sql.type(z.object({ id: z.number() }))`select id from users order by id desc limit 2`,
  );
  await insertSkin(db.pool, {
    authorId: author!,
    title: 'Bench Draft',
    description: '',
    game: 'TM2020',
    priceCents: 0,
    published: false,
  });
  const cookieOf = async (id: number) => {
    const user = await findUserById(db.pool, id);
    return { cookie: `token=${await context.tokens.sign(sessionClaimsOf(user!))}` };
  };
  return { player: await cookieOf(player!), authorOfDraft: await cookieOf(author!) };
}

export async function benchSkinsList(db: BenchDatabase, options: { seconds: number; skins: number }) {
  const started = performance.now();
  await fillCatalogue(db, options.skins);
  const fillSeconds = Math.round((performance.now() - started) / 100) / 10;

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-app-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      VAT_ID: 'CZ12345679',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    }),
  };
  const log = createLogger({ level: 'silent' });
  const store = createEventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });
  const runner = new CatchUpRunner({
    pool: db.pool,
    store,
    projections: [],
    log,
    batchSize: 1000,
    pollMs: 60_000,
  });
  const context = await createAppContext({ config, log, pool: db.pool, store, runner });
  const api = await buildServer(context);
  const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });

  // The same answer from memory: what the framework alone costs.
  const answer = await (
    await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: SKINS_PAGE,
    })
  ).text();
  if (!answer.includes('"content":[{')) throw new Error(`Unexpected answer: ${answer.slice(0, 200)}`);
  const bare = Fastify();
  bare.post('/graphql', async (_request, reply) => reply.type('application/json').send(answer));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const changes = listenToCatalogueChanges(context, db.url);
  try {
    const bareSaturated = await saturate(`${bareUrl}/graphql`, { connections: 32, seconds: options.seconds });
    const measure = async () => {
      await saturate(`${apiUrl}/graphql`, { connections: 8, seconds: 2 }); // warm-up
      const saturated = await saturate(`${apiUrl}/graphql`, { connections: 32, seconds: options.seconds });
      const at200 = await offer(`${apiUrl}/graphql`, { rate: 200, seconds: options.seconds });
      return {
        saturatedRequestsPerSecond: saturated.requestsPerSecond,
        saturatedP99Ms: saturated.p99Ms,
        offered200PerSecond: at200,
        saturatedToBareRatio:
          Math.round((saturated.requestsPerSecond / bareSaturated.requestsPerSecond) * 100) / 100,
      };
    };
    // Every answer computed (the response cache serves nothing without change notices)...
    const sorts = await latencyOfVariants(`${apiUrl}/graphql`, 100);
    const computed = await measure();
    // ...then with the exact response cache, as `npm start` runs.
    await changes.start();
    const cached = await measure();
    const signedIn = await measureSignedIn(db, context, `${apiUrl}/graphql`, options.seconds);
    return {
      catalogue: {
        skins: options.skins,
        ratings: options.skins * 10,
        downloadsCounted: options.skins * 50,
        fillSeconds,
      },
      query: 'skins(type: TM2020, page 0 of 15) with author, rating and thumbnail',
      bareRouteRequestsPerSecond: bareSaturated.requestsPerSecond,
      withResponseCache: cached,
      everyAnswerComputed: computed,
      sortsAndFiltersComputedOneAtATime: sorts,
      signedIn,
      targets: {
        p99MsAt200: 15,
        saturatedToBareRatio: 0.5,
        signedInToAnonymousRatio: 0.5,
        signedInP99MsAt200: 20,
      },
    };
  } finally {
    await changes.stop();
    await bare.close();
    await api.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
