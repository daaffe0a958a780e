import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { z } from 'zod';
import { buildServer } from '../api/server';
import { createAppContext } from '../app/app';
import { loadConfig } from '../infra/config';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { createLogger } from '../infra/logger';
import { CatchUpRunner } from '../infra/projection-engine/catch-up-runner';
import { projections } from '../projections';
import type { BenchDatabase } from './bench-database';

/**
 * What a search reads, at the skins list bench's shapes: users (one in ten an author), skins titled
 * "Bench Skin <n>" with one description for all, a picture each, and their vote and download
 * counters. The votes and daily downloads themselves, which no search reads, are left out. The rows
 * go in with triggers off (`session_replication_role = replica`, which also skips the foreign-key
 * checks of rows made consistent here), then the cards are built once from them, as the triggers
 * would (a million skins: 30 minutes at a load average of 20).
 */
export async function fillSearchCatalogue(db: BenchDatabase, skins: number) {
  const users = Math.max(100, skins / 5);
  const authors = Math.max(10, users / 10);
  await db.pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set local statement_timeout = 0`);
    await tx.query(sql.unsafe`set local session_replication_role = replica`);
    await tx.query(sql.unsafe`
      insert into users (url, username, email, country, roles)
      select 'bench-user-' || n, 'bench_user_' || n, 'bench' || n || '@example.com',
             (array['cz','de','fr','pl','se','us','jp','br'])[1 + n % 8], array['regular']
      from generate_series(1, ${users}::int) n`);
    await tx.query(sql.unsafe`
      insert into skins (url, author_id, title, description, game, price_cents, created_at, modified_at)
      select 'bench-skin-' || n, (select min(id) from users) + (n % ${authors}::int), 'Bench Skin ' || n,
             'Generated for the benchmark', (array['TM2020','TM2020','TMNF','TM_TURBO','TM2'])[1 + n % 5],
             case when n % 3 = 0 then 0 else 200 + (n % 2800) end,
             now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
      from generate_series(1, ${skins}::int) n`);
    await tx.query(sql.unsafe`insert into resources (skin_id, type, filename, position)
      select id, 'IMAGE', 'bench-' || id || '.jpg', 0 from skins`);
    await tx.query(sql.unsafe`insert into skin_stats (skin_id, rating_sum, rating_count, downloads_total, downloads_unique)
      select id, 10 + id % 40, 10, 50, 30 from skins`);
    await tx.query(sql.unsafe`set local session_replication_role = origin`);
    await tx.query(sql.unsafe`select refresh_skin_cards(array(select id from skins))`);
  });
  await db.pool.query(sql.unsafe`vacuum analyze`);
}

/**
 * The kinds of search a visitor makes, each with a text of its own for every request (`n` differs
 * each time), so the response cache cannot answer: best match, newest first, with the game and
 * price filters, and with two typos. Bench titles are "Bench Skin <n>", so every search shares
 * words with every title, and the last word also matches as a prefix ("Skin 12" finds 12, 120-129,
 * 1200-1299, …): at a million skins a short number matches far more than the 1,000 a search keeps.
 */
const KINDS = {
  bestMatch: (n) => ({ search: `Bench Skin ${n}`, page: { page: 0, size: 15 } }),
  newest: (n) => ({ search: `Skin ${n}`, page: { page: 0, size: 15, sortBy: 'createdAt' } }),
  filtered: (n) => ({
    search: `Bench ${n}`,
    type: 'TM2020',
    price: { free: false, maxPrice: 20 },
    page: { page: 0, size: 15 },
  }),
  typo: (n) => ({ search: `Bensh Skinn ${n}`, page: { page: 0, size: 15 } }),
} satisfies Record<string, (n: number) => Record<string, unknown>>;

/** One document with variables, as the web app's skins page sends it: the texts are in the variables. */
const SEARCH_DOCUMENT = `query Skins($search: String, $page: PageInput, $type: GameType, $price: PriceFilter) {
  skins(search: $search, page: $page, type: $type, price: $price) {
    pageInfo { pageNumber totalPages totalElements }
    content { id url title price type author { username url country avatar { url } }
              rating { average totalRatings } thumbnail { cardUrl } } } }`;
const bodyOf = (variables: Record<string, unknown>) => JSON.stringify({ query: SEARCH_DOCUMENT, variables });

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;
const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
};
const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);

/** Distinct numbers for the texts: every request of a run asks a text no earlier one asked. */
function distinctNumbers(skins: number) {
  let next = 0;
  // A stride coprime with the count walks every number once, spread over the catalogue.
  const stride = 7919;
  return () => 1 + ((next++ * stride) % skins);
}

function poster(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const target = new URL(url);
  const send = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const body = Buffer.from(text);
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (response) => {
          let answer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => void (answer += chunk));
          response.on('end', () =>
            response.statusCode === 200 && !answer.includes('"errors"')
              ? resolve(answer)
              : reject(new Error(`status ${response.statusCode}: ${answer.slice(0, 300)}`)),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Each kind asked `requests` times one after another: a single search's latency, nothing queued. */
async function oneAtATime(send: (body: string) => Promise<string>, next: () => number, requests: number) {
  const figures: Record<string, ReturnType<typeof summary>> = {};
  for (const [kind, args] of Object.entries(KINDS)) {
    const latencies: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await send(bodyOf(args(next())));
      latencies.push(performance.now() - started);
    }
    figures[kind] = summary(latencies);
  }
  return figures;
}

/**
 * `rate` searches a second for `seconds`, the kinds in turn, each due at its time and sent whether
 * or not earlier ones were answered (open loop); a latency runs from the moment its request was
 * due, so a server that falls behind is charged for the wait.
 */
async function offered(
  send: (body: string) => Promise<string>,
  next: () => number,
  options: { rate: number; seconds: number },
) {
  const kinds = Object.entries(KINDS);
  const latencies = new Map<string, number[]>(kinds.map(([kind]) => [kind, []]));
  const all: number[] = [];
  const pending: Promise<void>[] = [];
  const interval = 1000 / options.rate;
  const count = Math.round(options.rate * options.seconds);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const [kind, args] = kinds[i % kinds.length]!;
    const body = bodyOf(args(next()));
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const from = Math.min(due, performance.now());
    pending.push(
      send(body).then(() => {
        const ms = performance.now() - from;
        latencies.get(kind)!.push(ms);
        all.push(ms);
      }),
    );
  }
  await Promise.all(pending);
  return {
    rate: options.rate,
    seconds: options.seconds,
    all: summary(all),
    ...Object.fromEntries(kinds.map(([kind]) => [kind, summary(latencies.get(kind)!)])),
  };
}

/**
 * Search on the bench catalogue of `skins` skins (filled once: a kept scratch database already
 * holding them is reused), every answer computed: each kind one at a time, then `rate` distinct
 * searches a second for `seconds`.
 */
export async function benchSearch(
  db: BenchDatabase,
  options: { skins: number; seconds: number; rate: number },
) {
  const have = await db.pool.oneFirst(
    sql.type(z.object({ n: z.number() }))`select count(*)::int as n from skins`,
  );
  let fillSeconds: number | null = null;
  if (have === 0) {
    const started = performance.now();
    await fillSearchCatalogue(db, options.skins);
    fillSeconds = Math.round((performance.now() - started) / 100) / 10;
  } else if (have !== options.skins) {
    throw new Error(`The kept database holds ${have} skins, not ${options.skins}: use another folder.`);
  }

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-search-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    VAT_ID: 'CZ12345679',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
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
  const url = `${await api.listen({ port: 0, host: '127.0.0.1' })}/graphql`;
  const { send, close } = poster(url);
  const next = distinctNumbers(options.skins);
  try {
    // What a best match finds, to show its relevance is kept: the skin named first.
    const sample = await send(bodyOf(KINDS.bestMatch(4242)));
    const firstTitle = /"title":"([^"]*)"/.exec(sample)?.[1] ?? null;
    const typoSample = await send(bodyOf(KINDS.typo(4242)));
    const typoFirstTitle = /"title":"([^"]*)"/.exec(typoSample)?.[1] ?? null;
    // Warm-up: the indexes' pages into memory, the documents compiled.
    await oneAtATime(send, next, 5);
    const loadBeforeQuiet = loadAverage();
    const single = await oneAtATime(send, next, 50);
    const loadBeforeOffered = loadAverage();
    const atRate = await offered(send, next, { rate: options.rate, seconds: options.seconds });
    return {
      catalogue: { skins: options.skins, fillSeconds, reusedKeptDatabase: fillSeconds === null },
      relevance: { 'Bench Skin 4242': firstTitle, 'Bensh Skinn 4242': typoFirstTitle },
      oneAtATime: { loadAverage: loadBeforeQuiet, ...single },
      offered: { loadAverageBefore: loadBeforeOffered, loadAverageAfter: loadAverage(), ...atRate },
      target: { p99Ms: 50, rate: 50 },
    };
  } finally {
    close();
    await api.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
