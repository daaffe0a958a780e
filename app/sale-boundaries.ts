import type { AppContext } from '../api/app-context';
import { nextSaleBoundary } from '../api/sales/sales.repository';

/** setTimeout's longest delay is about 24.8 days; look again at least hourly. */
const MAX_WAIT_MS = 60 * 60 * 1000;

/**
 * Sales start and stop by time, and nothing is written when they do; the response cache, which
 * drops its answers on every written change, would otherwise keep showing a sale after its end (or
 * miss one at its start). This timer empties it at the next moment a sale starts or stops, and is
 * set again after each catalogue change (a sale scheduled, changed or cancelled anywhere) and after
 * it fires. Every instance runs its own: each has its own cache.
 */
export class SaleBoundaries {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private arming: Promise<void> | null = null;
  private again = false;

  constructor(private readonly context: Pick<AppContext, 'pool' | 'now' | 'responseCache' | 'log'>) {}

  start(): Promise<void> {
    return this.rearm();
  }

  /** Looks up the next boundary and waits for it (replacing any earlier wait). */
  rearm(): Promise<void> {
    // A change noticed while a look-up runs may have committed after it read: look once more after.
    if (this.arming) {
      this.again = true;
      return this.arming;
    }
    this.arming = (async () => {
      try {
        const next = await nextSaleBoundary(this.context.pool, this.context.now());
        if (this.stopped) return;
        if (this.timer) clearTimeout(this.timer);
        const wait =
          next === null
            ? MAX_WAIT_MS
            : Math.min(MAX_WAIT_MS, Math.max(0, next - this.context.now().getTime()));
        this.timer = setTimeout(() => {
          // A boundary passed (or the hourly look): answers computed before it may show the wrong sale.
          if (next !== null && next <= this.context.now().getTime())
            this.context.responseCache.invalidate('any');
          void this.rearm();
        }, wait + 1);
        this.timer.unref();
      } catch (error) {
        this.context.log.warn({ err: error }, 'the next sale start or end could not be read');
      } finally {
        this.arming = null;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.rearm();
        }
      }
    })();
    return this.arming;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
