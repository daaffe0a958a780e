import { sql } from 'slonik';
import type { Queryable } from '../../infra/db/pool';
import type { CatchUpRunner, ProjectionLag } from '../../infra/projection-engine/catch-up-runner';

export type Health = {
  status: 'ok' | 'degraded' | 'down';
  databaseLatencyMs: number | null;
  uptimeSeconds: number;
  projections: ProjectionLag[];
};

// A catch-up projection this far behind is reported as degraded.
const LAGGING_SECONDS = 60;

export async function readHealth(db: Queryable, runner: CatchUpRunner, startedAt: number): Promise<Health> {
  const uptimeSeconds = (Date.now() - startedAt) / 1000;
  const started = performance.now();
  try {
    await db.query(sql.unsafe`select 1`);
  } catch {
    return { status: 'down', databaseLatencyMs: null, uptimeSeconds, projections: [] };
  }
  const databaseLatencyMs = Math.round((performance.now() - started) * 100) / 100;
  const projections = await runner.lag(db);
  const lagging = projections.some(
    (projection) => projection.lastError !== null || (projection.secondsBehind ?? 0) > LAGGING_SECONDS,
  );
  return { status: lagging ? 'degraded' : 'ok', databaseLatencyMs, uptimeSeconds, projections };
}
