import type { Logger } from 'pino';
import { NotificationListener } from './notification-listener';

export type OutboxWorkerOptions = {
  /** What the log calls it ("mail sender", "webhook sender"). */
  name: string;
  /** The NOTIFY channel the outbox's writers signal on. */
  channel: string;
  /** Look for due work this often even without a notification. */
  pollMs: number;
  /** Connection string for LISTEN; without it the worker only polls (and `wake()`s). */
  listenUrl?: string;
  log: Logger;
  /** Sends what is due now, a batch at a time; returns how many it took (0: nothing is due). */
  sendDue: () => Promise<number>;
  /** Milliseconds until the earliest pending retry (null: none), so a timer can wake for it. */
  nextDueInMs: () => Promise<number | null>;
};

/**
 * The loop of an outbox sender: woken by NOTIFY when rows commit, by a timer at the next retry and
 * by polling, it runs passes that never overlap (a wake during a pass asks for another). What is
 * sent, and how it is leased and recorded, is the sender's own (`sendDue`).
 */
export class OutboxWorker {
  private listener: NotificationListener | null = null;
  private poll: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;

  constructor(private readonly options: OutboxWorkerOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    if (this.options.listenUrl) {
      this.listener = new NotificationListener({
        url: this.options.listenUrl,
        channel: this.options.channel,
        log: this.options.log,
        onNotify: () => this.wake(),
        // Back from a lost connection: look, a notification may have been missed.
        onState: (live) => (live ? this.wake() : undefined),
      });
      await this.listener.start();
    }
    this.poll = setInterval(() => this.wake(), this.options.pollMs);
    this.poll.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.poll = null;
    this.retryTimer = null;
    const listener = this.listener;
    this.listener = null;
    await listener?.stop();
    await this.running;
  }

  /** Asks for a pass; passes never overlap, a wake during one asks for another. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.options.log.error({ err: error }, `${this.options.name} pass failed`))
      .finally(() => {
        this.running = null;
        if (this.rerun && !this.stopped) {
          this.rerun = false;
          this.wake();
        }
      });
  }

  /** Sends what is due now until nothing is (waiting for a pass under way first); returns how many. */
  async drain(): Promise<number> {
    await this.running;
    let sent = 0;
    for (;;) {
      const batch = await this.options.sendDue();
      if (batch === 0) return sent;
      sent += batch;
    }
  }

  private async pass(): Promise<void> {
    while (!this.stopped && (await this.options.sendDue()) > 0);
    if (!this.stopped) await this.scheduleNextRetry();
  }

  /** A timer for the earliest pending retry, when it comes before the next poll. */
  private async scheduleNextRetry(): Promise<void> {
    const dueInMs = await this.options.nextDueInMs();
    if (dueInMs === null || dueInMs >= this.options.pollMs) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.wake(), Math.max(0, dueInMs) + 5);
    this.retryTimer.unref();
  }
}
