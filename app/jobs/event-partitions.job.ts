import type { AppContext } from '../../api/app-context';
import { ensureEventPartitions } from '../../infra/db/event-partitions';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/**
 * Keeps the event log's monthly partitions made ahead of time (docs/operations.md, "Partitions of
 * the event log"): at start and every hour, on the leader, the current month and the next three,
 * and the months of any event the default partition caught.
 */
export function startEventPartitionsJob(
  app: Pick<AppContext, 'pool' | 'log' | 'metrics' | 'now'>,
): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'event-partitions',
    everyMs: 60 * 60 * 1000,
    failureMessage: 'making the event log partitions failed; trying again in an hour',
    run: async () => {
      const made = await ensureEventPartitions(app.pool, app.now());
      if (made.length > 0) app.log.info({ partitions: made }, 'event log partitions made');
    },
  });
}
