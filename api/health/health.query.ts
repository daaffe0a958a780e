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
};

export async function readHealth(
  app: Pick<AppContext, 'pool' | 'runner' | 'startedAt' | 'config'>,
): Promise<Health> {
  const uptimeSeconds = (Date.now() - app.startedAt) / 1000;
  const degradedAfterSeconds = app.config.projections.degradedAfterSeconds;
  const started = performance.now();
  try {
    await app.pool.query(sql.unsafe`select 1`);
  } catch {
    return { status: 'down', databaseLatencyMs: null, uptimeSeconds, degradedAfterSeconds, projections: [] };
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
  };
}
