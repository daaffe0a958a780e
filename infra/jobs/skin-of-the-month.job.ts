import type { AppContext } from '../../api/app-context';
import { chooseSkinOfTheMonth } from '../../api/catalogue/choose-skin-of-the-month.handler';
import { ConcurrencyError } from '../event-store/event-store';

const HOUR = 60 * 60 * 1000;

/**
 * Chooses the Skin of the Month at the start of each month: checked at start and every hour, so a
 * server that was down on the 1st catches up. Several instances may run it; the event stream's
 * expected version lets one decide.
 */
export function startSkinOfTheMonthJob(app: AppContext): { stop(): void } {
  const run = async () => {
    try {
      const decided = await chooseSkinOfTheMonth(app, app.now());
      for (const event of decided)
        app.log.info({ event: event.type, ...event.data }, 'Skin of the Month decided');
    } catch (error) {
      if (error instanceof ConcurrencyError) return;
      app.log.error({ err: error }, 'choosing the Skin of the Month failed; trying again in an hour');
    }
  };
  void run();
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
