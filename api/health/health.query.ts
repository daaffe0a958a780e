import type { AppContext } from '../app-context';
import { isServiceUnavailableError } from '../service-unavailable';
import type { ProjectionLag } from '../../infra/projection-engine/catch-up-runner';

export type Health = {
  status: 'ok' | 'degraded' | 'down';
  databaseLatencyMs: number | null;
  uptimeSeconds: number;
  /** A catch-up consumer further behind than this many seconds makes the status degraded. */
  degradedAfterSeconds: number;
  projections: ProjectionLag[];
  /** Whether this instance runs the catch-up projections and jobs (one instance of all does); null without a lease. */
  leader: boolean | null;
};

/** Health answers within this, whatever the database does (a load balancer's check is often 1-2 s). */
export const HEALTH_BUDGET_MS = 900;

/**
 * The database as its monitor finds it (a connection of its own, so a frozen or dead server shows
 * within the probe's 800 ms), then the projections' lag in what is left of the budget. `down`: no
 * answer or an error (answered 503); `degraded`: a slow answer, the lag not measured in time, or a
 * consumer behind or failing.
 */
export async function readHealth(
  app: Pick<AppContext, 'pool' | 'runner' | 'startedAt' | 'config' | 'leadership' | 'database'>,
): Promise<Health> {
  const started = performance.now();
  const uptimeSeconds = (Date.now() - app.startedAt) / 1000;
  const leader = app.leadership?.isLeader ?? null;
  const degradedAfterSeconds = app.config.projections.degradedAfterSeconds;
  const down: Health = {
    status: 'down',
    databaseLatencyMs: null,
    uptimeSeconds,
    degradedAfterSeconds,
    projections: [],
    leader,
  };
  const probe = await app.database.check();
  if (probe.status === 'down') return down;
  const remainingMs = Math.max(50, HEALTH_BUDGET_MS - (performance.now() - started));
  let projections: ProjectionLag[] | null;
  try {
    projections = await withinMs(app.runner.lag(app.pool), remainingMs);
  } catch (error) {
    // The database went away between the probe and this read.
    if (isServiceUnavailableError(error)) return down;
    throw error;
  }
  const lagging =
    projections === null ||
    projections.some(
      (projection) => projection.lastError !== null || projection.secondsBehind > degradedAfterSeconds,
    );
  return {
    status: lagging || probe.status === 'slow' ? 'degraded' : 'ok',
    databaseLatencyMs: probe.latencyMs,
    uptimeSeconds,
    degradedAfterSeconds,
    projections: projections ?? [],
    leader,
  };
}

/** The promise's value, or null when it takes longer than `ms` (a failure still throws). */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
