import type { AppContext } from '../app-context';
import { isServiceUnavailableError } from '../service-unavailable';
import type { CatchUpRunner, ProjectionLag } from '../../infra/projection-engine/catch-up-runner';
import type { DatabaseProbe } from '../../infra/db/database-monitor';
import type { ReplicaState } from '../../infra/db/read-replica';

export type Health = {
  status: 'ok' | 'degraded' | 'down';
  databaseLatencyMs: number | null;
  uptimeSeconds: number;
  /** A catch-up consumer further behind than this many seconds makes the status degraded. */
  degradedAfterSeconds: number;
  projections: ProjectionLag[];
  /** Whether this instance runs the catch-up projections and jobs (one instance of all does); null without a lease. */
  leader: boolean | null;
  /** The read replica as last measured (null without DATABASE_REPLICA_URL); not `ok` makes the status degraded. */
  replica: ReplicaHealth | null;
};

export type ReplicaHealth = Pick<
  ReplicaState,
  'status' | 'lagBytes' | 'lagSeconds' | 'maxLagSeconds' | 'readsServed'
>;

function replicaHealthOf(replica: AppContext['replica']): ReplicaHealth | null {
  if (!replica) return null;
  const { status, lagBytes, lagSeconds, maxLagSeconds, readsServed } = replica.state;
  return { status, lagBytes, lagSeconds, maxLagSeconds, readsServed };
}

/** Health answers within this, whatever the database does (a load balancer's check is often 1-2 s). */
export const HEALTH_BUDGET_MS = 900;

/** A probe of the monitor's background loop younger than this is reported as it is (the loop probes every second). */
export const PROBE_FRESH_MS = 3_000;

/** The projections' lag is read again when the last read is older than this, in the background. */
export const LAG_REFRESH_MS = 1_000;

/** A lag read older than this (nobody asked for a while) is waited for, within the budget. */
export const LAG_STALE_MS = 10_000;

type LagRead = { at: number; projections: ProjectionLag[] | null; error: unknown };
type LagWatch = { last: LagRead | null; inFlight: Promise<LagRead> | null };

/** Per runner (one per app), so that each app's health shares its reads. */
const lagWatches = new WeakMap<CatchUpRunner, LagWatch>();

/**
 * The database as its monitor last found it (a connection of its own, probed every second, so a
 * frozen or dead server shows within about two seconds), and the projections' lag as last read.
 * Neither is waited for while fresh: during a burst of heavy queries every wait for I/O is a wait
 * for the event loop, which the burst holds, so health answers from what is known and reads again
 * in the background. `down`: no answer or an error (answered 503); `degraded`: a slow answer, the
 * lag not measured in time, or a consumer behind or failing.
 */
export async function readHealth(
  app: Pick<AppContext, 'pool' | 'runner' | 'startedAt' | 'config' | 'leadership' | 'database' | 'replica'>,
): Promise<Health> {
  const started = performance.now();
  const uptimeSeconds = (Date.now() - app.startedAt) / 1000;
  const leader = app.leadership?.isLeader ?? null;
  const replica = replicaHealthOf(app.replica);
  const degradedAfterSeconds = app.config.projections.degradedAfterSeconds;
  const down: Health = {
    status: 'down',
    databaseLatencyMs: null,
    uptimeSeconds,
    degradedAfterSeconds,
    projections: [],
    leader,
    replica,
  };
  const probe = await databaseProbe(app.database);
  if (probe.status === 'down') return down;
  const remainingMs = Math.max(50, HEALTH_BUDGET_MS - (performance.now() - started));
  const read = await lagRead(app, remainingMs);
  // The database went away between the probe and this read.
  if (read && read.error !== null && isServiceUnavailableError(read.error)) return down;
  if (read && read.error !== null) throw read.error;
  const projections = read?.projections ?? null;
  const lagging =
    projections === null ||
    projections.some(
      (projection) => projection.lastError !== null || projection.secondsBehind > degradedAfterSeconds,
    );
  return {
    // A replica behind its limit or away: reads fall back to the primary, which may not carry them all.
    status: lagging || probe.status === 'slow' || (replica && replica.status !== 'ok') ? 'degraded' : 'ok',
    databaseLatencyMs: probe.latencyMs,
    uptimeSeconds,
    degradedAfterSeconds,
    projections: projections ?? [],
    leader,
    replica,
  };
}

/** The monitor's last probe while its loop keeps it fresh; otherwise a probe now (joining one under way). */
async function databaseProbe(database: AppContext['database']): Promise<DatabaseProbe> {
  const last = database.current;
  if (database.probedAt !== null && performance.now() - database.probedAt < PROBE_FRESH_MS) return last;
  return database.check();
}

/**
 * The last lag read, refreshed in the background when older than LAG_REFRESH_MS; waited for (at
 * most `budgetMs`) only when there is none younger than LAG_STALE_MS. Null: not read in time.
 */
async function lagRead(app: Pick<AppContext, 'pool' | 'runner'>, budgetMs: number): Promise<LagRead | null> {
  let watch = lagWatches.get(app.runner);
  if (!watch) {
    watch = { last: null, inFlight: null };
    lagWatches.set(app.runner, watch);
  }
  const { last } = watch;
  const age = last ? performance.now() - last.at : Infinity;
  if (age < LAG_REFRESH_MS) return last;
  const refresh = (watch.inFlight ??= readLag(app, watch));
  if (last && age < LAG_STALE_MS) return last;
  return withinMs(refresh, budgetMs);
}

async function readLag(app: Pick<AppContext, 'pool' | 'runner'>, watch: LagWatch): Promise<LagRead> {
  let read: LagRead;
  try {
    read = { at: performance.now(), projections: await app.runner.lag(app.pool), error: null };
  } catch (error) {
    read = { at: performance.now(), projections: null, error };
  }
  watch.last = read;
  watch.inFlight = null;
  return read;
}

/** The promise's value, or null when it takes longer than `ms`. */
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
