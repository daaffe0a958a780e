import pg from 'pg';
import type { Logger } from '../logger';

export type DatabaseStatus = 'up' | 'slow' | 'down';

export type DatabaseProbe = {
  status: DatabaseStatus;
  /** The round trip of `select 1`; null when it did not come back in time or failed. */
  latencyMs: number | null;
  /** Why the last probe failed, for the log and the health answer; null when it answered. */
  error: string | null;
};

export type DatabaseMonitorOptions = {
  url: string;
  log: Logger;
  /** A probe not answered within this counts as the database being down (health answers by then). */
  probeTimeoutMs?: number;
  /** A probe slower than this counts as slow (health says degraded). */
  slowAfterMs?: number;
  /** How often the background loop probes while started. */
  intervalMs?: number;
  /** Consecutive failed probes before requests are refused (one refused connection is enough). */
  failuresBeforeUnavailable?: number;
};

/**
 * Watches the database from a connection of its own, outside the pool: a pool busy with long
 * queries does not make the server look down, and a frozen server (SIGSTOP, a stuck disk) or a
 * dead one is seen within `probeTimeoutMs`. Health reads it, and while the database is down the
 * API refuses requests at once with 503 and Retry-After (api/service-unavailable.ts) instead of
 * letting them wait on the pool.
 */
export class DatabaseMonitor {
  private readonly probeTimeoutMs: number;
  private readonly slowAfterMs: number;
  private readonly intervalMs: number;
  private readonly failuresBeforeUnavailable: number;
  private client: pg.Client | null = null;
  private inFlight: Promise<DatabaseProbe> | null = null;
  private last: DatabaseProbe = { status: 'up', latencyMs: null, error: null };
  private lastAt: number | null = null;
  private failures = 0;
  private refused = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly unavailableListeners: (() => void)[] = [];

  constructor(private readonly options: DatabaseMonitorOptions) {
    this.probeTimeoutMs = options.probeTimeoutMs ?? 800;
    this.slowAfterMs = options.slowAfterMs ?? 300;
    this.intervalMs = options.intervalMs ?? 1_000;
    this.failuresBeforeUnavailable = options.failuresBeforeUnavailable ?? 2;
  }

  /** The last probe's finding (no I/O). */
  get current(): DatabaseProbe {
    return this.last;
  }

  /** When the last probe settled (`performance.now()`), or null before the first. */
  get probedAt(): number | null {
    return this.lastAt;
  }

  /**
   * False while the database is down as far as the probes tell: two probes in a row failed or
   * timed out, or the server refused the connection (not running). Requests are refused then.
   */
  get available(): boolean {
    return !(
      this.last.status === 'down' &&
      (this.refused || this.failures >= this.failuresBeforeUnavailable)
    );
  }

  /** Called each time the database turns unavailable (requests waiting on it are answered then). */
  onUnavailable(listener: () => void): void {
    this.unavailableListeners.push(listener);
  }

  /** Probes now (or joins the probe under way); settles within about `probeTimeoutMs`. */
  check(): Promise<DatabaseProbe> {
    this.inFlight ??= this.probe().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Probes every `intervalMs` in the background until stopped. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      void this.check().finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(loop, this.intervalMs);
        this.timer.unref();
      });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.inFlight?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async probe(): Promise<DatabaseProbe> {
    const wasAvailable = this.available;
    let timer: NodeJS.Timeout | undefined;
    const scheduled = performance.now();
    let lateMs = 0;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        // A timer that fires late means this process was busy, not the database slow; and an
        // answer that arrived meanwhile is read in the poll phase, after timers: let it in first.
        lateMs = performance.now() - scheduled - this.probeTimeoutMs;
        setImmediate(() => resolve('timeout'));
      }, this.probeTimeoutMs);
    });
    const answered = this.selectOne().then(
      (queryMs) => queryMs,
      (error: unknown) => error as Error,
    );
    const outcome = await Promise.race([answered, timedOut]);
    clearTimeout(timer);
    let next: DatabaseProbe;
    if (typeof outcome === 'number') {
      // The query's own round trip: a new connection's handshake is not the database being slow.
      const latencyMs = Math.round(outcome * 100) / 100;
      this.failures = 0;
      this.refused = false;
      next = { status: latencyMs > this.slowAfterMs ? 'slow' : 'up', latencyMs, error: null };
    } else if (outcome === 'timeout' && lateMs > this.probeTimeoutMs / 2) {
      // The event loop was blocked for most of the wait: nothing is known about the database, so
      // it is not counted as down (that would refuse requests for an overload of this process).
      next = { status: 'slow', latencyMs: null, error: `this process was busy for ${Math.round(lateMs)} ms` };
    } else {
      // The connection is dropped either way: a frozen server would keep it waiting for ever.
      this.dropClient();
      this.failures += 1;
      this.refused = outcome !== 'timeout' && isConnectionRefused(outcome);
      const error =
        outcome === 'timeout'
          ? `no answer within ${this.probeTimeoutMs} ms`
          : outcome.message || String(outcome);
      next = { status: 'down', latencyMs: null, error };
    }
    this.report(next);
    this.last = next;
    this.lastAt = performance.now();
    if (wasAvailable && !this.available) for (const listener of this.unavailableListeners) listener();
    return next;
  }

  /** Runs `select 1` (connecting first if needed); resolves with the query's milliseconds. */
  private async selectOne(): Promise<number> {
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.options.url,
        connectionTimeoutMillis: this.probeTimeoutMs,
        application_name: 'marketplace-health',
      });
      // A lost connection (the server died or was restarted) is probed at once rather than at the
      // next tick: a supervised restart can be quicker than the interval, and the requests in
      // between must be refused with 503, not fail. The event must be listened to or it would throw.
      client.on('error', () => {
        if (this.client !== client) return;
        this.client = null;
        if (!this.stopped) void this.check();
      });
      this.client = client;
      try {
        await client.connect();
      } catch (error) {
        if (this.client === client) this.client = null;
        throw error;
      }
    }
    const started = performance.now();
    await this.client.query('select 1');
    return performance.now() - started;
  }

  private dropClient(): void {
    const client = this.client;
    this.client = null;
    if (!client) return;
    // end() waits for the server's goodbye, which a frozen server never sends: close the socket.
    const socket = (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection
      ?.stream;
    socket?.destroy?.();
    void client.end().catch(() => undefined);
  }

  private report(next: DatabaseProbe): void {
    const was = this.last.status;
    if (next.status === was) return;
    if (next.status === 'down')
      this.options.log.error({ reason: next.error }, 'the database does not answer');
    else if (next.status === 'slow')
      this.options.log.warn({ latencyMs: next.latencyMs }, 'the database answers slowly');
    else this.options.log.info({ latencyMs: next.latencyMs }, 'the database answers again');
  }
}

/** The server is not there at all (not running, restarting): no point in waiting for a second probe. */
function isConnectionRefused(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNREFUSED' || code === '57P03' || code === 'ENOENT';
}
