import type { AppContext } from '../../api/app-context';
import { removeExpiredUploads } from '../../api/authoring/remove-expired-uploads.handler';

const HOUR = 60 * 60 * 1000;

/**
 * Removes uploads that no skin or bundle used within a day (docs/authoring.md): at start and every
 * hour. Several instances may run it; each expired row is deleted by one of them.
 */
export function startTemporaryAssetsCleanupJob(app: AppContext): { stop(): void } {
  const run = async () => {
    try {
      const removed = await removeExpiredUploads(app);
      if (removed > 0) app.log.info({ removed }, 'unused uploads removed');
    } catch (error) {
      app.log.error({ err: error }, 'removing unused uploads failed; trying again in an hour');
    }
  };
  void run();
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
