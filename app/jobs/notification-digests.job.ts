import type { AppContext } from '../../api/app-context';
import { sendDueDigests } from '../../api/notifications/notification-digests';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/**
 * Mails the daily and weekly digests of unread notifications (docs/community.md, "Mail digests"):
 * at start and every minute, as of the app's clock, so a digest goes out within a minute of being
 * due. Each user is claimed in a transaction of their own, so overlapping runs and several
 * instances record each digest once.
 */
export function startNotificationDigestsJob(app: AppContext): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'notification-digests',
    everyMs: 60 * 1000,
    failureMessage: 'mailing notification digests failed; trying again in a minute',
    run: async () => {
      const mailed = await sendDueDigests(app.pool, app.now());
      if (mailed > 0) app.log.info({ mailed }, 'notification digests recorded');
    },
  });
}
