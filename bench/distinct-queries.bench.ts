import fs from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';

export const DISTINCT_QUERIES = 2_000;
const DISTINCT_CONNECTIONS = 8;
const DISTINCT_SECONDS = 60;
const ALIASES = 7;
const HEALTH_EVERY_MS = 100;
const RSS_EVERY_MS = 250;

/** The process's resident set now, in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * The n-th of the distinct heavy documents: seven aliased `skins` pages of 100 cards each, every
 * alias named for the document, so each text is new to every per-document memo (the parse and
 * validation cache, the cost check, the response cache's facts) and each answer new to the cache.
 */
export function heavyQuery(n: number): string {
  const aliases = Array.from(
    { length: ALIASES },
    (
      _,
      i,
    ) => `q${n}_${i}: skins(page: { page: ${(n + i) % 6}, size: 100, sortBy: "${i % 2 ? 'title' : 'createdAt'}" }) {
    pageInfo { totalElements totalPages }
    content {
      id url title description type createdAt modifiedAt price published
      availableAlone colorPrimary colorSecondary videoUrl
      rating { average totalRatings }
      author { id url username country }
      thumbnail { id cardUrl }
      downloads { total }
    }
  }`,
  );
  return `query Distinct${n} {\n  ${aliases.join('\n  ')}\n}`;
}

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! * 10) / 10;
}

/**
 * 2,000 distinct heavy queries in a minute from 8 anonymous connections, while health is asked
 * every 100 ms; then a minute of quiet. Reports the server's RSS before, at its peak and a minute
 * later, and health's latency during the burst.
 */
export async function benchDistinctHeavyQueries(url: string, pid: number) {
  // Other work on the machine shows in every latency figure: the 1-minute load average says how much.
  const loadAverageBefore = Math.round(os.loadavg()[0]! * 10) / 10;
  const before = await rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    void rssMb(pid).then(
      (mb) => (peak = Math.max(peak, mb)),
      () => undefined,
    );
  }, RSS_EVERY_MS);
  const healthMs: number[] = [];
  let healthFailures = 0;
  let polling = true;
  const healthPoller = (async () => {
    while (polling) {
      const started = performance.now();
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.ok;
        },
        () => false,
      );
      healthMs.push(performance.now() - started);
      if (!ok) healthFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  let next = 0;
  let graphqlErrors = 0;
  const firstErrors: string[] = [];
  const started = Date.now();
  const result = await autocannon({
    url,
    connections: DISTINCT_CONNECTIONS,
    amount: DISTINCT_QUERIES,
    overallRate: Math.ceil(DISTINCT_QUERIES / DISTINCT_SECONDS),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/graphql',
        setupRequest: (request: object) => ({
          ...request,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: heavyQuery(next++) }),
        }),
        onResponse: (status: number, body: string) => {
          if (status === 200 && body.includes('"errors"')) {
            graphqlErrors += 1;
            if (firstErrors.length < 3) firstErrors.push(body.slice(0, 300));
          }
        },
      },
    ],
  });
  const burstSeconds = Math.round((Date.now() - started) / 100) / 10;
  polling = false;
  await healthPoller;
  const atEnd = await rssMb(pid);
  const loadAverageAtEnd = Math.round(os.loadavg()[0]! * 10) / 10;
  // A minute of quiet: what the process gives back.
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  clearInterval(sampler);
  const minuteLater = await rssMb(pid);
  if (firstErrors.length > 0) console.error('GraphQL errors in the distinct-query burst:', firstErrors);
  return {
    queries: result.requests.total,
    connections: DISTINCT_CONNECTIONS,
    aliasesPerQuery: ALIASES,
    pageSize: 100,
    burstSeconds,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    graphqlErrors,
    rssBeforeMb: before,
    peakRssMb: peak,
    rssAtEndMb: atEnd,
    rssMinuteLaterMb: minuteLater,
    healthP50Ms: percentile(healthMs, 0.5),
    healthP99Ms: percentile(healthMs, 0.99),
    healthMaxMs: percentile(healthMs, 1),
    healthChecks: healthMs.length,
    healthFailures,
    loadAverageBefore,
    loadAverageAtEnd,
    aims: { peakRssMb: 800, healthP99Ms: 200, rssMinuteLaterMb: 'near rssBeforeMb' },
  };
}
