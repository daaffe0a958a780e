import type { AppContext } from '../../api/app-context';
import { lockScheduledPayouts } from '../../api/payouts/lock-scheduled-payouts.handler';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/**
 * Locks the pending bank payouts a couple of days before each bank payout date (the 1st and the
 * 16th): checked at start and every quarter of an hour, so a server that was down catches up.
 */
export function startPayoutScheduleJob(app: AppContext): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'payout-schedule',
    everyMs: 15 * 60 * 1000,
    failureMessage: 'the scheduled payout lock failed; trying again in 15 minutes',
    run: () => lockScheduledPayouts(app).then(() => undefined),
  });
}
