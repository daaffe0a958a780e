import pg from 'pg';
import type { Logger } from '../logger';

/** Two-key advisory lock (class, key): apart from the projections' (7220) and the migrations' one-key lock. */
const LEADER_LOCK = { class: 7221, key: 1 };

/**
 * The server drops a connection whose peer stopped answering after about idle + interval × count
 * seconds, which frees the lock of an instance whose machine vanished (a dead process frees it at once).
 */
const SERVER_KEEPALIVES = { idle: 4, interval: 2, count: 2 };

export type LeaderLeaseOptions = {
  url: string;
  log: Logger;
  /** How often a follower asks for the lock, and the leader checks its connection. */
  retryMs?: number;
  /** Called when this instance becomes the leader; the work only one instance may do starts here. */
  onLead(): Promise<void>;
  /** Called when it stops leading (lost connection, stop): that work must stop. */
  onFollow(): Promise<void>;
};

/**
 * Chooses one instance among all those on a database to run the catch-up projections and the
 * scheduled jobs: the holder of a session-level PostgreSQL advisory lock on a dedicated connection.
 * The lock lives as long as that connection, so when the leader dies (or its connection does)
 * PostgreSQL frees it, and the next follower to ask, within `retryMs`, takes over.
 */
export class LeaderLease {
  private client: pg.Client | null = null;
  private leading = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  /** Transitions run one after another, never interleaved. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: LeaderLeaseOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Asks for the lock once (so a lone instance leads before start returns), then every `retryMs`. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.enqueue(() => this.attempt());
    this.timer = setInterval(() => void this.enqueue(() => this.attempt()), this.options.retryMs ?? 2_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.enqueue(async () => {
      await this.follow();
      // Ending the session frees the lock at once.
      await this.client?.end().catch(() => undefined);
      this.client = null;
    });
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'leader lease step failed');
    });
    return this.queue;
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    try {
      const client = this.client ?? (await this.connect());
      if (this.leading) {
        // The leader checks its session is alive: a lost one has lost the lock too.
        await client.query('select 1');
        return;
      }
      const { rows } = await client.query<{ acquired: boolean }>(
        'select pg_try_advisory_lock($1, $2) as acquired',
        [LEADER_LOCK.class, LEADER_LOCK.key],
      );
      if (!rows[0]?.acquired || this.stopped) return;
      this.leading = true;
      this.options.log.info('this instance now runs the catch-up projections and scheduled jobs');
      await this.options.onLead();
    } catch (error) {
      this.options.log.warn({ err: error }, 'leader lease connection failed; retrying');
      await this.dropConnection();
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true });
    client.on('error', (error) => {
      if (this.client !== client) return;
      this.options.log.warn({ err: error }, 'leader lease lost its connection');
      void this.enqueue(() => this.dropConnection());
    });
    await client.connect();
    await client.query(
      `set tcp_keepalives_idle = ${SERVER_KEEPALIVES.idle};
       set tcp_keepalives_interval = ${SERVER_KEEPALIVES.interval};
       set tcp_keepalives_count = ${SERVER_KEEPALIVES.count};
       set application_name = 'marketplace-leader-lease'`,
    );
    this.client = client;
    return client;
  }

  /** Without its connection an instance no longer holds the lock: it stops leading first. */
  private async dropConnection(): Promise<void> {
    const client = this.client;
    this.client = null;
    await this.follow();
    await client?.end().catch(() => undefined);
  }

  private async follow(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    this.options.log.info('this instance no longer runs the catch-up projections and scheduled jobs');
    await this.options.onFollow();
  }
}
