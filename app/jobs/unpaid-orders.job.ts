import type { AppContext } from '../../api/app-context';
import { cancelUnpaidOrders } from '../../api/orders/cancel-unpaid-orders.handler';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/**
 * Cancels orders left unpaid for a day (abandoned checkouts, sessions never completed): at start and
 * every ten minutes, as of the app's clock. Payments pending at the provider are left alone. Several
 * instances may run it; the order streams' expected versions let one write each cancellation.
 */
export function startUnpaidOrdersJob(app: AppContext): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'unpaid-orders',
    everyMs: 10 * 60 * 1000,
    failureMessage: 'cancelling unpaid orders failed; trying again in ten minutes',
    run: async () => {
      const cancelled = await cancelUnpaidOrders(app, app.now());
      if (cancelled > 0) app.log.info({ cancelled }, 'unpaid orders cancelled');
    },
  });
}
