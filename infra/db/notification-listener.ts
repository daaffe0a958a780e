import pg from 'pg';
import type { Logger } from '../logger';

/**
 * A dedicated connection that LISTENs on a channel and reconnects when it is lost. `onState(false)`
 * tells the owner that notifications may be missed until `onState(true)` comes back.
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: {
      url: string;
      channel: string;
      log: Logger;
      onNotify: (payload: string) => void;
      onState: (live: boolean) => void;
    },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('notification', (message) => this.options.onNotify(message.payload ?? ''));
    client.on('error', (error) => {
      this.options.onState(false);
      this.client = null;
      if (this.stopped || (error as { code?: string }).code === '57P01') return;
      this.options.log.warn(
        { err: error, channel: this.options.channel },
        'notification listener lost its connection',
      );
      this.retry = setTimeout(() => void this.connect().catch(() => undefined), 1_000);
      this.retry.unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${this.options.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (this.stopped) return;
      this.options.log.warn(
        { err: error, channel: this.options.channel },
        'notification listener could not connect',
      );
      this.retry = setTimeout(() => void this.connect().catch(() => undefined), 1_000);
      this.retry.unref();
      return;
    }
    this.client = client;
    this.options.onState(true);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.options.onState(false);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
