import type { AppContext } from '../../api/app-context';
import { forgetStaleRateLimits } from '../../api/auth/user-rate-limiter';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/** Forgets rate-limit counts whose windows have all ended (migration 030): at start and every hour. */
export function startRateLimitCleanupJob(app: AppContext): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'rate-limit-cleanup',
    everyMs: 60 * 60 * 1000,
    failureMessage: 'forgetting old rate-limit counts failed; trying again in an hour',
    run: () => forgetStaleRateLimits(app.pool, app.now()),
  });
}
