import type { AppContext } from '../../api/app-context';
import { forgetOldWebhookDeliveries } from '../../api/webhooks/webhook-deliveries';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/** Forgets webhook deliveries finished more than WEBHOOK_LOG_DAYS ago (docs/webhooks.md): at start and every hour. */
export function startWebhookLogCleanupJob(app: AppContext): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'webhook-log-cleanup',
    everyMs: 60 * 60 * 1000,
    failureMessage: 'forgetting old webhook deliveries failed; trying again in an hour',
    run: async () => {
      const before = new Date(app.now().getTime() - app.config.webhooks.logDays * 24 * 60 * 60 * 1000);
      await forgetOldWebhookDeliveries(app.pool, before);
    },
  });
}
