import type { AppContext } from '../../api/app-context';
import { removeExpiredUploads } from '../../api/authoring/remove-expired-uploads.handler';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/**
 * Removes uploads that no skin or bundle used within a day (docs/authoring.md): at start and every
 * hour. Several instances may run it; each expired row is deleted by one of them.
 */
export function startTemporaryAssetsCleanupJob(app: AppContext): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'temporary-assets-cleanup',
    everyMs: 60 * 60 * 1000,
    failureMessage: 'removing unused uploads failed; trying again in an hour',
    run: async () => {
      const removed = await removeExpiredUploads(app);
      if (removed > 0) app.log.info({ removed }, 'unused uploads removed');
    },
  });
}
