import { sql } from 'slonik';
import type { AppContext } from '../app-context';
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

export async function readHealth(
  app: Pick<AppContext, 'pool' | 'runner' | 'startedAt' | 'config' | 'leadership'>,
): Promise<Health> {
  const uptimeSeconds = (Date.now() - app.startedAt) / 1000;
  const leader = app.leadership?.isLeader ?? null;
  const degradedAfterSeconds = app.config.projections.degradedAfterSeconds;
  const started = performance.now();
  try {
    await app.pool.query(sql.unsafe`select 1`);
  } catch {
    return {
      status: 'down',
      databaseLatencyMs: null,
      uptimeSeconds,
      degradedAfterSeconds,
      projections: [],
      leader,
    };
  }
  const databaseLatencyMs = Math.round((performance.now() - started) * 100) / 100;
  const projections = await app.runner.lag(app.pool);
  const lagging = projections.some(
    (projection) => projection.lastError !== null || projection.secondsBehind > degradedAfterSeconds,
  );
  return {
    status: lagging ? 'degraded' : 'ok',
    databaseLatencyMs,
    uptimeSeconds,
    degradedAfterSeconds,
    projections,
    leader,
  };
}
