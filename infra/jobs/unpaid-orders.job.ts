import type { AppContext } from '../../api/app-context';
import { cancelUnpaidOrders } from '../../api/orders/cancel-unpaid-orders.handler';

const EVERY_TEN_MINUTES = 10 * 60 * 1000;

/**
 * Cancels orders left unpaid for a day (abandoned checkouts, sessions never completed): at start and
 * every ten minutes, as of the app's clock. Payments pending at the provider are left alone. Several instances may run it; the order streams' expected versions let one
 * write each cancellation.
 */
export function startUnpaidOrdersJob(app: AppContext): { stop(): void } {
  const run = async () => {
    try {
      const cancelled = await cancelUnpaidOrders(app, app.now());
      if (cancelled > 0) app.log.info({ cancelled }, 'unpaid orders cancelled');
    } catch (error) {
      app.log.error({ err: error }, 'cancelling unpaid orders failed; trying again in ten minutes');
    }
  };
  void run();
  const timer = setInterval(() => void run(), EVERY_TEN_MINUTES);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
