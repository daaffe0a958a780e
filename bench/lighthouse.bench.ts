import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchDatabase } from './bench-database';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { selfSignedCertificate } from '../tests/support/self-signed-certificate';
import { startServer, stopServer } from '../tests/support/server-process';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** What each category should reach (0–100). */
const AIMS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  ttiMs: 'interactive',
  /** Bytes over the wire for the whole page (compressed where the server compresses). */
  transferBytes: 'total-byte-weight',
} as const;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export type PageFigures = {
  url: string;
  /** How the page itself came (h2 over TLS). */
  protocol: string | null;
  /** Every run's performance score, in run order; the other figures are the median run's. */
  performanceRuns: number[];
  scores: Record<Category, number | null>;
  metrics: Record<keyof typeof METRICS, number | null>;
  /** For each category under its aim: the audits that did not pass. */
  failing: Partial<Record<Category, string[]>>;
};

const DEMO_PAGES_QUERY = `{
  skins(page: { page: 0, size: 1 }) { content { url } }
  bundles(page: { page: 0, size: 1 }) { content { url } }
  authors(page: { page: 0, size: 1 }) { content { url } }
}`;

/** A GraphQL query over HTTPS, trusting the server's own certificate alone. */
function queryOverTls(url: string, certPem: string, query: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      `${url}/graphql`,
      { method: 'POST', ca: certPem, headers: { 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ query }));
  });
}

/** The pages to score: home, the skins list, and the first demo skin, bundle and author. */
async function pagesOf(url: string, certPem: string): Promise<Record<string, string>> {
  const { data } = (await queryOverTls(url, certPem, DEMO_PAGES_QUERY)) as {
    data?: Record<'skins' | 'bundles' | 'authors', { content: { url: string }[] }>;
  };
  const first = (list: 'skins' | 'bundles' | 'authors') => {
    const item = data?.[list].content[0];
    if (!item) throw new Error(`the demo data has no ${list}`);
    return encodeURIComponent(item.url);
  };
  return {
    home: `${url}/`,
    skins: `${url}/skins`,
    skin: `${url}/skins/${first('skins')}`,
    bundle: `${url}/bundles/${first('bundles')}`,
    author: `${url}/authors/${first('authors')}`,
  };
}

const score = (lhr: LighthouseResult, category: Category) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

/** Audits of a category that count and did not pass (for performance: those under 0.9). */
function failingAudits(lhr: LighthouseResult, category: Category): string[] {
  const pass = category === 'performance' ? 0.9 : 1;
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) =>
        audit &&
        audit.score !== null &&
        audit.score < pass &&
        ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => audit!.id);
}

function figuresOf(url: string, runs: LighthouseResult[]): PageFigures {
  const performanceRuns = runs.map((lhr) => score(lhr, 'performance') ?? 0);
  const sorted = [...runs].sort((a, b) => (score(a, 'performance') ?? 0) - (score(b, 'performance') ?? 0));
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(median, c)])) as PageFigures['scores'];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => {
      const value = median.audits[id]?.numericValue;
      return [
        name,
        value === undefined
          ? null
          : Math.round(value * (name === 'cls' ? 1000 : 1)) / (name === 'cls' ? 1000 : 1),
      ];
    }),
  ) as PageFigures['metrics'];
  const failing: PageFigures['failing'] = {};
  for (const category of CATEGORIES) {
    if ((scores[category] ?? 0) < AIMS[category]) failing[category] = failingAudits(median, category);
  }
  const requests = median.audits['network-requests']?.details;
  const first = requests?.type === 'table' ? requests.items[0] : undefined;
  const protocol = typeof first?.protocol === 'string' ? first.protocol : null;
  return { url, protocol, performanceRuns, scores, metrics, failing };
}

/** One Lighthouse run; a run whose trace failed (it happens on a busy machine) is tried again, twice. */
async function lighthouseRun(url: string, port: number): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    console.error(`${url}: ${result.lhr.runtimeError.code}, running again`);
  }
}

/**
 * Lighthouse's default (mobile, simulated throttling) on the main public pages of the app started
 * as `npm start` runs it, with the demo data, over HTTPS and HTTP/2 as it is served in production
 * (a throw-away certificate for localhost that this Chromium alone trusts). Each page runs `runs`
 * times; the median by performance is reported, since the score moves from run to run on a busy
 * machine.
 */
export async function benchLighthouse(
  db: Pick<BenchDatabase, 'url'>,
  options: { runs: number },
): Promise<{ aims: Record<Category, number>; runs: number; pages: Record<string, PageFigures> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-lighthouse-'));
  const certificate = await selfSignedCertificate(dataDir);
  const server = await startServer(db, dataDir, { SEED_DEMO: 'true' }, certificate);
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROME_FLAGS, `--ignore-certificate-errors-spki-list=${certificate.spkiHash}`],
    logLevel: 'error',
  });
  try {
    const pages: Record<string, PageFigures> = {};
    for (const [name, url] of Object.entries(await pagesOf(server.url, certificate.certPem))) {
      const runs: LighthouseResult[] = [];
      for (let run = 0; run < options.runs; run++) {
        runs.push(await lighthouseRun(url, chrome.port));
      }
      pages[name] = figuresOf(url.replace(server.url, ''), runs);
    }
    return { aims: AIMS, runs: options.runs, pages };
  } finally {
    chrome.kill();
    await stopServer(server.child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
