import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'slonik';
import { startServer, stopServer } from '../tests/support/server-process';
import type { BenchDatabase } from './bench-database';

/** A skins page as the web app asks for it, by page number, so that the load reads many pages. */
const skinsPage = (page: number) =>
  JSON.stringify({
    query: `{ skins(type: TM2020, page: { page: ${page}, size: 15 }) {
      pageInfo { totalElements } content { id url title price author { username } rating { average } } } }`,
  });

type Instance = Awaited<ReturnType<typeof startServer>>;

/** 10k skins of 500 authors with a picture each: a catalogue the list pages through. */
async function fillCatalogue(db: BenchDatabase) {
  await db.pool.query(sql.unsafe`
    insert into users (url, username, email, country, roles)
    select 'cluster-user-' || n, 'cluster_user_' || n, 'cluster' || n || '@example.com', 'cz', array['regular']
    from generate_series(1, 500) n`);
  await db.pool.query(sql.unsafe`
    insert into skins (url, author_id, title, description, game, price_cents, created_at, modified_at)
    select 'cluster-skin-' || n, (select min(id) from users) + (n % 500), 'Cluster Skin ' || n, 'Bench', 'TM2020',
           case when n % 3 = 0 then 0 else 200 + n % 800 end, now() - (n || ' minutes')::interval, now()
    from generate_series(1, 10000) n`);
  await db.pool.query(sql.unsafe`
    insert into resources (skin_id, type, filename, position) select id, 'IMAGE', 'c-' || id || '.jpg', 0 from skins`);
  await db.pool.query(sql.unsafe`vacuum analyze`);
}

/**
 * Saturated reads spread over the instances: one autocannon client per instance at once, each
 * asking 50 different pages in turn (the first of each is computed, the rest come from the
 * instance's response cache, as anonymous visitors get them).
 */
async function readThroughput(instances: Instance[], seconds: number) {
  const results = await Promise.all(
    instances.map((instance) =>
      autocannon({
        url: `${instance.url}/graphql`,
        connections: 16,
        duration: seconds,
        requests: Array.from({ length: 50 }, (_, page) => ({
          method: 'POST' as const,
          headers: { 'content-type': 'application/json' },
          body: skinsPage(page),
        })),
      }),
    ),
  );
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (failed > 0) throw new Error(`${failed} failed reads`);
  return {
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
  };
}

const isLeader = (instance: Instance) =>
  fetch(`${instance.url}/api/health`).then(
    async (response) => ((await response.json()) as { leader: boolean | null }).leader === true,
    () => false,
  );

/**
 * `npm run bench -- cluster`: the read throughput of one, two and three app processes on one
 * database (this machine's cores are shared by all of them and the load generator), and how long
 * the survivors take to choose a new leader after the leader is killed.
 */
export async function benchCluster(db: BenchDatabase, options: { seconds: number; failovers: number }) {
  await fillCatalogue(db);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-cluster-bench-'));
  const env = { WEB_BUILD: 'false', JWT_SECRET: 'cluster-bench-secret-of-at-least-32-characters' };
  const instances: Instance[] = [];
  try {
    const throughput: Record<string, { requestsPerSecond: number; p99Ms: number }> = {};
    for (const count of [1, 2, 3]) {
      while (instances.length < count) instances.push(await startServer(db, dataDir, env));
      await readThroughput(instances, 2); // warms each instance's compiled queries and caches
      throughput[`instances${count}`] = await readThroughput(instances, options.seconds);
    }

    const failoverMs: number[] = [];
    for (let n = 0; n < options.failovers; n++) {
      const flags = await Promise.all(instances.map(isLeader));
      const leader = instances[flags.indexOf(true)];
      if (!leader) throw new Error('no instance leads');
      leader.child.kill('SIGKILL');
      const killedAt = performance.now();
      instances.splice(instances.indexOf(leader), 1);
      while (!(await Promise.all(instances.map(isLeader))).some(Boolean)) {
        if (performance.now() - killedAt > 30_000) throw new Error('no instance took over within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      failoverMs.push(Math.round(performance.now() - killedAt));
      instances.push(await startServer(db, dataDir, env));
    }
    const one = throughput.instances1!.requestsPerSecond;
    return {
      cpus: os.cpus().length,
      seconds: options.seconds,
      throughput,
      scaling: {
        twoInstances: Math.round((throughput.instances2!.requestsPerSecond / one) * 100) / 100,
        threeInstances: Math.round((throughput.instances3!.requestsPerSecond / one) * 100) / 100,
      },
      failoverMs,
    };
  } finally {
    await Promise.all(instances.map(({ child }) => stopServer(child)));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
