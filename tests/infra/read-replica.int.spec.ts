import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../app/app';
import { sql } from 'slonik';
import { insertSkin } from '../../api/catalogue/catalogue.writes';
import { isServiceUnavailableError } from '../../api/service-unavailable';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { READ_AFTER_COOKIE } from '../../api/read-routing';
import { freePort } from '../support/free-port';
import { startStreamingReplica, type StreamingReplica } from '../support/streaming-replica';
import { WEB_APP_ACCEPT, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// The whole app (startApp, as `npm start` runs it) on Debian's PostgreSQL: DATABASE_URL a primary,
// DATABASE_REPLICA_URL a streaming replica of it made with pg_basebackup (ports 5538 and 5539).
const MAX_LAG_SECONDS = 3;
let cluster: StreamingReplica;
let app: RunningApp;
let appDir: string;
let primary: pg.Client;
let replica: pg.Client;
let author: Awaited<ReturnType<typeof createUser>>;
let skin: { id: number; url: string };
const log = createLogger({ level: 'silent' });

beforeAll(async () => {
  cluster = await startStreamingReplica({ primaryPort: 5538, replicaPort: 5539, database: 'marketplace' });
  appDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-replica-app-'));
  const webDistDir = path.join(appDir, 'web-dist');
  await fs.mkdir(webDistDir, { recursive: true });
  await fs.writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>TrackSkins</title>');
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: appDir,
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_REPLICA_URL: cluster.replicaUrl,
      DATABASE_REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    }),
    webDistDir,
  };
  // The migrations run on the primary as the app starts; the replica receives them as WAL.
  app = await startApp(config, log);
  primary = await cluster.admin('primary');
  replica = await cluster.admin('replica');
  author = await createUser({ context: app.context } as TestApp);
  skin = await insertSkin(app.context.pool, {
    authorId: author.id,
    title: 'Replicated Skin',
    description: 'Read from either server',
    game: 'TM2020',
    priceCents: 0,
  });
}, 120_000);

afterAll(async () => {
  await replica?.query('select pg_wal_replay_resume()').catch(() => undefined);
  await primary?.end();
  await replica?.end().catch(() => undefined);
  await app?.close();
  await cluster?.stop();
  if (appDir) await fs.rm(appDir, { recursive: true, force: true });
}, 60_000);

type ReplicaHealth = {
  status: string;
  lagBytes: number | null;
  lagSeconds: number | null;
  readsServed: number;
};
type Health = { status: string; replica: ReplicaHealth | null };

async function health(): Promise<Health> {
  return (await fetch(`${app.url}/api/health`)).json() as Promise<Health>;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A GraphQL answer's data; any error fails the test. */
async function graphqlData<T>(query: string, variables: object = {}, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: WEB_APP_ACCEPT, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

let documents = 0;
/** The skin's title and comments; each call a document of its own, so the response cache never answers it. */
async function skinAsSeen(headers: Record<string, string> = {}) {
  const data = await graphqlData<{
    skin: { title: string } | null;
    comments: { content: { text: string }[] };
  }>(
    `query SkinSeen${++documents} ($url: String!, $skin: ID) {
      skin(url: $url) { title }
      comments(skin: $skin) { content { text } }
    }`,
    { url: skin.url, skin: String(skin.id) },
    headers,
  );
  return { title: data.skin?.title ?? null, comments: data.comments.content.map((c) => c.text) };
}

/** The title a shared link to the skin's page shows (read by the page route, a REST GET). */
async function pageTitle(headers: Record<string, string> = {}) {
  const html = await (await fetch(`${app.url}/skins/${skin.url}`, { headers })).text();
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
}

/** A fresh commit on the primary, replayed: the replica is caught up and its last replay is now. */
async function caughtUp() {
  await primary.query(
    'create table if not exists replay_mark (at timestamptz); insert into replay_mark values (now())',
  );
  await until(health, (h) => h.replica?.status === 'ok' && h.replica.lagBytes === 0);
}

describe('with DATABASE_REPLICA_URL, a streaming replica beside the primary', () => {
  it('serves anonymous reads from the replica, signed-in people and fresh writers from the primary, and reports its lag', async () => {
    // The migrations and the skin reached the replica; health measures it caught up.
    const ready = await until(health, (h) => h.replica?.status === 'ok' && h.replica.lagBytes === 0);
    expect(ready).toMatchObject({ status: 'ok', replica: { status: 'ok', lagBytes: 0, lagSeconds: 0 } });
    expect((await until(skinAsSeen, (seen) => seen.title !== null)).title).toBe('Replicated Skin');
    // The first trending list of a day moves the trending window, a write the replica refuses:
    // that statement, and the rest of the request, run on the primary. (The window as it was yesterday.)
    await primary.query(`update trending_window set since = since - 1`);
    await caughtUp();
    const trending = await graphqlData<{ skins: { content: { title: string }[] } }>(
      '{ skins(page: { page: 0, size: 5, sortBy: "trending" }) { content { title } } }',
    );
    expect(trending.skins.content.map((card) => card.title)).toContain('Replicated Skin');
    const window = await primary.query<{ moved: boolean }>(
      `select since = (now() at time zone 'UTC')::date - 6 as moved from trending_window`,
    );
    expect(window.rows[0]!.moved).toBe(true);

    await caughtUp();
    await replica.query('select pg_wal_replay_pause()');
    // A change on the primary alone, without the catalogue notice its triggers would send (so
    // nothing tells the app): the replica, paused, still has the old title.
    await primary.query(`set session_replication_role = replica`);
    await primary.query(`update skins set title = 'Renamed on the primary' where id = $1`, [skin.id]);
    await primary.query(`set session_replication_role = origin`);
    const served = (await health()).replica!.readsServed;
    expect((await skinAsSeen()).title).toBe('Replicated Skin');
    expect((await health()).replica!.readsServed).toBeGreaterThan(served);
    expect(await pageTitle()).toContain('Replicated Skin');
    // A signed-in person reads the primary.
    expect((await skinAsSeen({ authorization: `Bearer ${author.token}` })).title).toBe(
      'Renamed on the primary',
    );
    expect(await pageTitle({ authorization: `Bearer ${author.token}` })).toContain('Renamed on the primary');

    // Any write is answered with the primary's WAL position, and the visitor's reads wait for the
    // replica to pass it: here it never does while paused, so they go to the primary.
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-here', password: 'not-the-password' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((header) => header.startsWith(`${READ_AFTER_COOKIE}=`))!
      .split(';')[0]!;
    expect(cookie).toMatch(new RegExp(`^${READ_AFTER_COOKIE}=[0-9A-F]+/[0-9A-F]+$`));
    expect((await skinAsSeen({ cookie })).title).toBe('Renamed on the primary');
    expect((await skinAsSeen()).title).toBe('Replicated Skin');

    // The author comments while replay is paused, and reads the comment back at once.
    const comment = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
      body: JSON.stringify({
        query: 'mutation ($skin: ID, $text: String!) { createComment(skin: $skin, text: $text) { id } }',
        variables: { skin: String(skin.id), text: 'Fresh from the author' },
      }),
    });
    expect(((await comment.json()) as { errors?: unknown }).errors).toBeUndefined();
    expect((await skinAsSeen({ authorization: `Bearer ${author.token}` })).comments).toEqual([
      'Fresh from the author',
    ]);
    // The comment's catalogue notice moved the fence: no anonymous answer (which the response
    // cache may keep) comes from the replica that lacks it.
    expect((await skinAsSeen()).comments).toEqual(['Fresh from the author']);

    // Paused, the replica falls behind: health shows the bytes and seconds, then degrades past the limit.
    const lagging = await until(health, (h) => h.replica?.status === 'lagging', (MAX_LAG_SECONDS + 5) * 1000);
    expect(lagging.status).toBe('degraded');
    expect(lagging.replica!.lagBytes).toBeGreaterThan(0);
    expect(lagging.replica!.lagSeconds).toBeGreaterThan(MAX_LAG_SECONDS);
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(/^database_replica_lag\{measure="bytes"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^database_replica_lag\{measure="serving"\} 0$/m);
    expect(metrics).toMatch(/^database_replica_reads_total [1-9]\d*$/m);

    await replica.query('select pg_wal_replay_resume()');
    const back = await until(health, (h) => h.status === 'ok' && h.replica?.lagBytes === 0);
    expect(back).toMatchObject({ status: 'ok', replica: { status: 'ok', lagBytes: 0, lagSeconds: 0 } });
    const after = back.replica!.readsServed;
    expect(await skinAsSeen()).toEqual({
      title: 'Renamed on the primary',
      comments: ['Fresh from the author'],
    });
    expect((await health()).replica!.readsServed).toBeGreaterThan(after);

    // The replica goes away: a read sent to it before the next measurement is answered by the
    // primary, and so is every read after it; health says down, and degraded.
    await replica.end().catch(() => undefined);
    await cluster.stopReplica();
    expect(await skinAsSeen()).toEqual({
      title: 'Renamed on the primary',
      comments: ['Fresh from the author'],
    });
    const down = await until(health, (h) => h.replica?.status === 'down');
    expect(down).toMatchObject({ status: 'degraded', replica: { status: 'down' } });
    expect(await skinAsSeen()).toEqual({
      title: 'Renamed on the primary',
      comments: ['Fresh from the author'],
    });
  }, 60_000);

  it('tries a statement again on the primary when the replica cannot answer it', async () => {
    // The replica the test above stopped: its pool is still open, its server gone.
    const away = app.context.replica!;
    const read = away.requestPool((error) => isServiceUnavailableError(error));
    expect(await read.oneFirst(sql.unsafe`select pg_is_in_recovery()`)).toBe(false);
    // Without the predicate the replica's error is the request's.
    await expect(away.requestPool().oneFirst(sql.unsafe`select 1`)).rejects.toThrow();
  });
});
