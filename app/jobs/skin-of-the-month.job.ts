import type { AppContext } from '../../api/app-context';
import { chooseSkinOfTheMonth } from '../../api/catalogue/choose-skin-of-the-month.handler';
import { ConcurrencyError } from '../../infra/event-store/event-store';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/**
 * Chooses the Skin of the Month at the start of each month: checked at start and every hour, so a
 * server that was down on the 1st catches up. Several instances may run it; the event stream's
 * expected version lets one decide (the loser's run counts as done).
 */
export function startSkinOfTheMonthJob(app: AppContext): PeriodicJob {
  return startPeriodicJob(app, {
    name: 'skin-of-the-month',
    everyMs: 60 * 60 * 1000,
    failureMessage: 'choosing the Skin of the Month failed; trying again in an hour',
    run: async () => {
      try {
        const decided = await chooseSkinOfTheMonth(app, app.now());
        for (const event of decided)
          app.log.info({ event: event.type, ...event.data }, 'Skin of the Month decided');
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
      }
    },
  });
}
