import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { startApp } from '../app/app';
import { loadConfig } from '../infra/config';
import { skinArchive } from '../app/demo/demo-artwork';
import { createLogger } from '../infra/logger';
import type { BenchDatabase } from './bench-database';

const SKINS = 200;
const CONNECTIONS = 20;
const SAMPLE_MS = 200;
const AIM_PER_SECOND = 1000;

/** One author with SKINS free skins, each with a copy of one real demo-style zip. */
async function fillCatalogue(db: BenchDatabase, storageDir: string, zip: Buffer) {
  await fs.mkdir(path.join(storageDir, 'private'), { recursive: true });
  for (let n = 1; n <= SKINS; n++) {
    await fs.writeFile(path.join(storageDir, 'private', `bench-source-${n}.zip`), zip);
  }
  await db.pool.query(sql.unsafe`
    insert into users (url, username, email, country, roles)
    values ('bench-author', 'bench_author', 'bench-author@example.com', 'cz', array['regular'])`);
  await db.pool.query(sql.unsafe`
    insert into skins (url, author_id, title, description, game, price_cents)
    select 'bench-skin-' || n, (select id from users where username = 'bench_author'), 'Bench Skin ' || n,
           'Generated for the benchmark', 'TM2020', 0
    from generate_series(1, ${SKINS}) n`);
  await db.pool.query(sql.unsafe`
    insert into resources (skin_id, type, filename, original_name, position, size_bytes)
    select id, 'SKIN_SOURCE', 'bench-source-' || substr(url, 12) || '.zip', url || '.zip', 0, ${zip.length}
    from skins`);
}

type Counted = { events: number; total: number; daily: number; monthly: number };

/** What the read models counted: events stored, and the downloads in each download table. */
async function counted(db: BenchDatabase): Promise<Counted> {
  return db.pool.one(sql.type(
    z.object({ events: z.number(), total: z.number(), daily: z.number(), monthly: z.number() }),
  )`
    select (select count(*)::int from events where event_type = 'SkinDownloaded') as events,
           (select coalesce(sum(downloads_total), 0)::int from skin_stats) as total,
           (select coalesce(sum(total), 0)::int from skin_download_daily) as daily,
           (select coalesce(sum(total), 0)::int from skin_download_monthly) as monthly`);
}

type Load = { paths: string[]; seconds: number };

/**
 * A fixed number of downloads (the aim rate for the given seconds) rather than a duration, so that
 * every request sent is answered before the counts are compared.
 */
async function fire(url: string, load: Load) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: AIM_PER_SECOND * load.seconds,
    // A thread of its own, so the load generator does not share the app's event loop.
    workers: 1,
    requests: load.paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  return {
    served: result['2xx'],
    seconds: result.duration,
    downloadsPerSecond: Math.round(result['2xx'] / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Downloads under a 30 s spike, as `npm start` serves them (every projection and reactor running),
 * beside a bare static server of the same zip: throughput, latency, how far each projection fell
 * behind while the load lasted, and whether every download served was counted.
 */
export async function benchDownloads(db: BenchDatabase, options: { seconds: number }) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-downloads-'));
  const zip = await skinArchive({
    title: 'Bench Skin',
    author: 'bench_author',
    game: 'TM2020',
    livery: { primary: '#d7263d', secondary: '#1b998b', pattern: 'stripes', number: 7, seed: 'bench' },
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    VAT_ID: 'CZ12345679',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  await fillCatalogue(db, config.storageDir, zip);
  const app = await startApp(config, createLogger({ level: 'silent' }));

  const bare = Fastify();
  await bare.register(fastifyStatic, { root: path.join(config.storageDir, 'private'), serve: false });
  bare.get('/assets/skin/:url', (_request, reply) => reply.sendFile('bench-source-1.zip'));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  // The largest lag of each catch-up consumer seen while the load lasts, as health reports it.
  const watchLag = () => {
    const largest = new Map<string, number>();
    let stopped = false;
    const sampling = (async () => {
      while (!stopped) {
        for (const lag of await app.context.runner.lag(app.context.pool)) {
          largest.set(lag.name, Math.max(largest.get(lag.name) ?? 0, lag.secondsBehind));
        }
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      }
    })();
    return async () => {
      stopped = true;
      await sampling;
      return Object.fromEntries(
        [...largest].map(([name, seconds]) => [name, Math.round(seconds * 100) / 100]),
      );
    };
  };

  const commits = () =>
    db.pool.oneFirst(sql.type(z.object({ c: z.number() }))`
      select (xact_commit + xact_rollback)::int as c from pg_stat_database where datname = current_database()`);
  const run = async (load: Load) => {
    const before = await counted(db);
    const commitsBefore = await commits();
    const stopWatching = watchLag();
    const result = await fire(app.url, load);
    const largestLagSeconds = await stopWatching();
    await app.context.runner.catchUp();
    const after = await counted(db);
    const transactionsPerDownload =
      Math.round((((await commits()) - commitsBefore) / result.served) * 100) / 100;
    const delta = (key: keyof Counted) => after[key] - before[key];
    return {
      ...result,
      largestLagSeconds,
      transactionsPerDownload,
      counted: {
        events: delta('events'),
        skinStats: delta('total'),
        daily: delta('daily'),
        monthly: delta('monthly'),
      },
    };
  };

  try {
    const seconds = options.seconds;
    const bareRun = await fire(bareUrl, { paths: ['/assets/skin/bench-skin-1'], seconds });
    await fire(app.url, { paths: ['/assets/skin/bench-skin-2'], seconds: 2 }); // warm-up
    await app.context.runner.catchUp();
    const hot = await run({ paths: ['/assets/skin/bench-skin-1'], seconds });
    const spread = await run({
      paths: Array.from({ length: SKINS }, (_, i) => `/assets/skin/bench-skin-${i + 1}`),
      seconds,
    });
    const ratio = (r: { downloadsPerSecond: number }) =>
      Math.round((r.downloadsPerSecond / bareRun.downloadsPerSecond) * 1000) / 1000;
    return {
      zipBytes: zip.length,
      connections: CONNECTIONS,
      downloadsPerRun: AIM_PER_SECOND * seconds,
      bareStaticServer: { requestsPerSecond: bareRun.downloadsPerSecond, p99Ms: bareRun.p99Ms },
      oneHotSkin: { ...hot, ratioToBare: ratio(hot) },
      spreadOverSkins: { skins: SKINS, ...spread, ratioToBare: ratio(spread) },
      aims: {
        downloadsPerSecond: AIM_PER_SECOND,
        p99Ms: 100,
        ratioToBare: 0.12,
        largestLagSeconds: 1,
        servedEqualsCounted: true,
      },
    };
  } finally {
    await bare.close();
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
