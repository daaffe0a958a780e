import type { AppContext } from '../../api/app-context';
import { lockScheduledPayouts } from '../../api/payouts/payout-admin.handlers';

const QUARTER_HOUR = 15 * 60 * 1000;

/**
 * Locks the pending bank payouts a couple of days before each bank payout date (the 1st and the
 * 16th): checked at start and every quarter of an hour, so a server that was down catches up.
 */
export function startPayoutScheduleJob(app: AppContext): { stop(): void } {
  const run = async () => {
    try {
      await lockScheduledPayouts(app);
    } catch (error) {
      app.log.error({ err: error }, 'the scheduled payout lock failed; trying again in 15 minutes');
    }
  };
  void run();
  const timer = setInterval(() => void run(), QUARTER_HOUR);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
