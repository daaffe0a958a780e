import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { print, type DocumentNode } from 'graphql';
import { registerUser } from '../api/accounts/users.repository';
import { insertBundle, insertComment, insertResource, insertSkin } from '../api/catalogue/catalogue.writes';
import { hashPassword } from '../infra/auth/password-hashing';
import {
  AuthorsListDocument,
  BundlesListDocument,
  CartItemsDocument,
  CreateCommentDocument,
  HomeSkinsDocument,
  MyUserDocument,
  RateSkinDocument,
  SkinDetailDocument,
  SkinOfTheMonthDocument,
  SkinsListDocument,
} from '../web/src/shared/graphql/generated/graphql';
import type { BenchDatabase } from './bench-database';
import { benchDistinctHeavyQueries } from './distinct-queries.bench';
import { startServer, stopServer } from '../tests/support/server-process';

const AUTHORS = 40;
const SKINS = 600;
const BUNDLES = 60;
const PLAYERS = 150;
const PASSWORD = 'bench-password';
const CONNECTIONS = 20;
const ANONYMOUS_PER_SECOND = 1000;
const SIGNED_IN_PER_SECOND = 150;
const SAMPLE_MS = 250;
/** Distinct requests per mix: the connections cycle through them, so users and items vary. */
const REQUESTS_PER_MIX = 3000;

type Catalogue = { skins: { id: number; url: string }[]; bundles: { id: number; url: string }[] };

/** Authors with skins (a picture each), bundles of five skins, and a few comments: a catalogue to browse. */
async function fillCatalogue(db: BenchDatabase): Promise<Catalogue> {
  const passwordHash = await hashPassword(PASSWORD);
  const authors: number[] = [];
  for (let n = 1; n <= AUTHORS; n++) {
    const result = await registerUser(db.pool, {
      username: `bench_author_${n}`,
      email: `bench-author-${n}@example.com`,
      passwordHash,
      country: 'cz',
      subscribedToNews: false,
    });
    if ('user' in result) authors.push(result.user.id);
  }
  const skins: Catalogue['skins'] = [];
  for (let n = 1; n <= SKINS; n++) {
    const skin = await insertSkin(db.pool, {
      authorId: authors[n % authors.length]!,
      title: `Bench Livery ${n}`,
      description: `Stripes and numbers, variant ${n}`,
      game: n % 3 === 0 ? 'TMNF' : 'TM2020',
      priceCents: n % 4 === 0 ? 0 : 200 + (n % 10) * 50,
    });
    await insertResource(db.pool, {
      skinId: skin.id,
      type: 'IMAGE',
      filename: `bench-${n}.jpg`,
      position: 0,
    });
    if (n % 20 === 0) {
      await insertComment(db.pool, {
        skinId: skin.id,
        userId: authors[0]!,
        text: 'Looks fast on the track.',
      });
    }
    skins.push(skin);
  }
  const bundles: Catalogue['bundles'] = [];
  for (let n = 1; n <= BUNDLES; n++) {
    const authorIndex = n % authors.length;
    const own = skins.filter((_, i) => (i + 1) % authors.length === authorIndex).slice(0, 5);
    bundles.push(
      await insertBundle(db.pool, {
        authorId: authors[authorIndex]!,
        title: `Bench Pack ${n}`,
        description: 'Five liveries at once',
        game: 'TM2020',
        priceCents: 900,
        skinIds: own.map((skin) => skin.id),
      }),
    );
  }
  for (let n = 1; n <= PLAYERS; n++) {
    await registerUser(db.pool, {
      username: `bench_player_${n}`,
      email: `bench-player-${n}@example.com`,
      passwordHash,
      country: 'de',
      subscribedToNews: false,
    });
  }
  return { skins, bundles };
}

/** The largest resident set the server process has had (Linux keeps the high-water mark). */
async function peakRssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

/** Signs a player in through the API; the session travels as the server gives it (header or cookie). */
async function signIn(url: string, username: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`${username} could not sign in: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const token = (await response.text()).trim();
  if (cookies.some((cookie) => cookie.startsWith('token='))) return { cookie: cookies.join('; ') };
  return { authorization: `Bearer ${token}` };
}

type Request = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

function graphqlRequest(document: DocumentNode, variables: Record<string, unknown>, headers = {}): Request {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: print(document), variables }),
  };
}

/**
 * Picks by weight: `mix` maps a share to a request maker, which gets the number of the request among
 * those of its kind, so every kind spreads over its players and items evenly.
 */
function mixOf(count: number, mix: [number, (n: number) => Request][]): Request[] {
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  const made = mix.map(() => 0);
  const requests: Request[] = [];
  for (let n = 0; n < count; n++) {
    let pick = ((n * 7919) % total) + 0.5;
    for (const [kind, [weight, make]] of mix.entries()) {
      if ((pick -= weight) < 0) {
        requests.push(make(made[kind]!++));
        break;
      }
    }
  }
  return requests;
}

const SORTS = [
  { sortBy: 'createdAt', sortDirection: 'DESC' },
  { sortBy: 'price', sortDirection: 'ASC' },
  { sortBy: 'title', sortDirection: 'ASC' },
  { sortBy: 'downloads', sortDirection: 'DESC' },
];
const SEARCHES = ['livery', 'stripes', 'bench', 'variant 1', 'pack', 'numbers', 'fast', 'neon'];

/** What a visitor's browser asks for: the home page, lists (a few pages and sorts), skin pages, the page itself. */
function anonymousMix(catalogue: Catalogue): Request[] {
  const skin = (n: number) => catalogue.skins[(n * 31) % catalogue.skins.length]!;
  return mixOf(REQUESTS_PER_MIX, [
    [15, () => graphqlRequest(HomeSkinsDocument, {})],
    [
      30,
      (n) =>
        graphqlRequest(SkinsListDocument, {
          page: { page: n % 5, size: 15, ...SORTS[n % SORTS.length] },
          ...(n % 3 === 0 ? { type: 'TM2020' } : {}),
        }),
    ],
    [20, (n) => graphqlRequest(SkinDetailDocument, { url: skin(n).url })],
    [10, (n) => graphqlRequest(BundlesListDocument, { page: { page: n % 3, size: 10 } })],
    [10, (n) => graphqlRequest(AuthorsListDocument, { page: { page: n % 3, size: 16 } })],
    [5, () => graphqlRequest(SkinOfTheMonthDocument, {})],
    [10, (n) => ({ method: 'GET', path: n % 2 ? '/' : `/skins/${skin(n).url}` })],
  ]);
}

/** What signed-in players do: search, open skins, keep a cart, rate and comment (within their per-user limits). */
function signedInMix(catalogue: Catalogue, sessions: Record<string, string>[]): Request[] {
  const skin = (n: number) => catalogue.skins[(n * 37) % catalogue.skins.length]!;
  const session = (n: number) => sessions[n % sessions.length]!;
  return mixOf(REQUESTS_PER_MIX, [
    [
      35,
      (n) =>
        graphqlRequest(
          SkinsListDocument,
          {
            search: SEARCHES[n % SEARCHES.length],
            page: { page: 0, size: 15, sortBy: 'createdAt', sortDirection: 'DESC' },
          },
          session(n),
        ),
    ],
    [20, (n) => graphqlRequest(SkinDetailDocument, { url: skin(n).url }, session(n))],
    [
      20,
      (n) =>
        graphqlRequest(
          CartItemsDocument,
          {
            skinIds: [skin(n), skin(n + 1), skin(n + 2)].map((item) => String(item.id)),
            bundleIds: [String(catalogue.bundles[n % catalogue.bundles.length]!.id)],
          },
          session(n),
        ),
    ],
    // Each vote in the list is another (player, skin) pair.
    [
      15,
      (n) =>
        graphqlRequest(
          RateSkinDocument,
          {
            skinId: catalogue.skins[Math.floor(n / PLAYERS) % catalogue.skins.length]!.id,
            rating: 1 + (n % 5),
          },
          session(n),
        ),
    ],
    [
      3,
      (n) =>
        graphqlRequest(
          CreateCommentDocument,
          { skin: String(skin(n).id), text: `Lap ${n}: clean lines` },
          session(n),
        ),
    ],
    [7, (n) => graphqlRequest(MyUserDocument, {}, session(n))],
  ]);
}

type MixResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  /** GraphQL answers with errors (autocannon counts only transport errors and non-2xx). */
  graphqlErrors: number;
};

/** One mix at a fixed rate for `seconds`, counting GraphQL errors inside 200 answers too. */
async function fire(url: string, requests: Request[], rate: number, seconds: number): Promise<MixResult> {
  let graphqlErrors = 0;
  const firstErrors: string[] = [];
  const onResponse = (status: number, body: string) => {
    if (status === 200 && body.startsWith('{') && body.includes('"errors"')) {
      graphqlErrors += 1;
      if (firstErrors.length < 3) firstErrors.push(body.slice(0, 300));
    }
  };
  // One shared cursor over the list in a seeded shuffled order: the connections never walk it in
  // step, and a request comes round again only after all the others (a player's vote on a skin is
  // never sent twice at once, which the API answers with CONFLICT by design).
  let seed = 0x5eed;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const order = requests.map((request) => ({ request, key: random() })).sort((a, b) => a.key - b.key);
  let cursor = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: '/',
        setupRequest: (request: object) => ({
          ...request,
          headers: {},
          body: undefined,
          ...order[cursor++ % order.length]!.request,
        }),
        onResponse,
      },
    ],
  });
  if (firstErrors.length > 0) console.error('GraphQL errors under load, for example:', firstErrors);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    graphqlErrors,
  };
}

/**
 * The marketplace under a browsing crowd and under signed-in players, each for `seconds`, against
 * the app as `npm start` runs it: requests per second, latency, errors and the server's peak memory.
 */
export async function benchLoad(db: BenchDatabase, options: { seconds: number; mixes?: boolean }) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-load-'));
  const catalogue = await fillCatalogue(db);
  const { url, child } = await startServer(db, dataDir, {
    // Every player signs in once from this one address.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  let peak = 0;
  const sampler = setInterval(() => {
    void peakRssMb(child.pid!).then(
      (mb) => (peak = Math.max(peak, mb)),
      () => undefined,
    );
  }, SAMPLE_MS);
  try {
    const catalogueFigures = { skins: SKINS, bundles: BUNDLES, authors: AUTHORS, players: PLAYERS };
    if (options.mixes === false) {
      return {
        catalogue: catalogueFigures,
        distinctHeavyQueries: await benchDistinctHeavyQueries(url, child.pid!),
      };
    }
    const sessions: Record<string, string>[] = [];
    for (let n = 1; n <= PLAYERS; n++) sessions.push(await signIn(url, `bench_player_${n}`));
    const anonymous = anonymousMix(catalogue);
    // A short warm-up compiles the queries (graphql-jit) and fills the response cache.
    await fire(url, anonymous, 200, 3);
    const anonymousResult = await fire(url, anonymous, ANONYMOUS_PER_SECOND, options.seconds);
    const signedInResult = await fire(
      url,
      signedInMix(catalogue, sessions),
      SIGNED_IN_PER_SECOND,
      options.seconds,
    );
    peak = Math.max(peak, await peakRssMb(child.pid!));
    // Last, since it leaves the process at its largest: 2,000 distinct heavy documents in a minute.
    const distinctHeavyQueries = await benchDistinctHeavyQueries(url, child.pid!);
    return {
      catalogue: catalogueFigures,
      connections: CONNECTIONS,
      seconds: options.seconds,
      anonymous: { aimPerSecond: ANONYMOUS_PER_SECOND, ...anonymousResult },
      signedIn: { aimPerSecond: SIGNED_IN_PER_SECOND, ...signedInResult },
      peakRssMb: peak,
      aims: { errors: 0, anonymousP99Ms: 50, anonymousPerSecond: ANONYMOUS_PER_SECOND, peakRssMb: 600 },
      distinctHeavyQueries,
    };
  } finally {
    clearInterval(sampler);
    await stopServer(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
