import type { AppContext } from '../../api/app-context';
import { takeMonthEndSnapshots } from '../../infra/projection-engine/read-model-snapshots';
import { projections } from '../../projections';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/**
 * Snapshots the download and statistics read models once a month has ended (docs/operations.md,
 * "Read-model snapshots"): checked at start and every hour, so a leader that was down at the turn of
 * the month takes them when it is back. Only the leader runs jobs, so one instance takes them.
 */
export function startReadModelSnapshotsJob(app: AppContext): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'read-model-snapshots',
    everyMs: 60 * 60 * 1000,
    failureMessage: 'taking the monthly read-model snapshots failed; trying again in an hour',
    run: async () => {
      await takeMonthEndSnapshots(app.pool, projections, app.now(), app.log);
    },
  });
}
