import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, DatabaseTransactionConnection, Queryable } from '../db/pool';
import {
  FEED_CHANNEL,
  FEED_NOTIFY_INTERVAL_MS,
  type EventStore,
  type FeedCheckpoint,
} from '../event-store/event-store';
import type { Logger } from '../logger';
import type { FeedConsumer, Projection } from './projection';
import { measureLag, type LagFigures } from './projection-lag';
import {
  rebuildInPlace,
  rebuildInShadow,
  type RebuildableProjection,
  type ShadowStart,
} from './shadow-rebuild';

// Two-key advisory locks (class, hashtext(name)) never collide with the event store's one-key stream locks.
const PROJECTION_LOCK_CLASS = 7220;

const checkpointRow = z.object({ transaction_id: z.string(), position: z.number() });

/** Another runner moved the checkpoint under us: the batch is rolled back and read again. */
export class CheckpointMovedError extends Error {
  override name = 'CheckpointMovedError';
}

export type ProjectionLag = LagFigures & {
  name: string;
  mode: 'inline' | 'catch-up';
  lastError: string | null;
};

type RunnerOptions = {
  pool: DatabasePool;
  store: EventStore;
  /** Catch-up projections and reactors are run; inline projections are skipped. */
  projections: readonly FeedConsumer[];
  log: Logger;
  batchSize: number;
  pollMs: number;
  /** Connection string for the LISTEN connection; without it the runner only polls. */
  listenUrl?: string;
  /** Pause between the rounds of a pass woken by appends (see runAll); 50 ms unless set. */
  lingerMs?: number;
};

const DEFAULT_LINGER_MS = 50;
// Appends made just after a notifying one send none (FEED_NOTIFY_INTERVAL_MS): a second pass this
// long after a notification takes those that committed after the first pass.
const TRAILING_WAKE_MS = 4 * FEED_NOTIFY_INTERVAL_MS;

/**
 * Runs catch-up projections: each batch is read after the projection's checkpoint, applied and the
 * checkpoint moved in one transaction, under an advisory lock so one runner (in any process) works
 * a projection at a time. Woken by NOTIFY from appends, with a polling fallback.
 */
export class CatchUpRunner {
  private readonly projections: readonly FeedConsumer[];
  private readonly lastErrors = new Map<string, string>();
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private trailingWake: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;

  constructor(private readonly options: RunnerOptions) {
    this.projections = options.projections.filter((projection) => projection.mode === 'catch-up');
  }

  async start(): Promise<void> {
    this.stopped = false;
    await ensureCheckpoints(this.options.pool, this.projections);
    if (this.options.listenUrl) await this.listen(this.options.listenUrl);
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.trailingWake) clearTimeout(this.trailingWake);
    this.trailingWake = null;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.running;
  }

  /** Asks for a pass over every projection; passes never overlap, a wake during one asks for another. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.runAll(this.options.lingerMs ?? DEFAULT_LINGER_MS).finally(() => {
      this.running = null;
      if (this.rerun && !this.stopped) {
        this.rerun = false;
        this.wake();
      }
    });
  }

  /** Resolves once every projection has applied every event visible now. */
  async catchUp(): Promise<void> {
    // A reactor's events may land after another consumer finished its part of a pass, and a live
    // pass may hold a consumer's lock meanwhile (its batch then counts as done here): go again
    // until a whole round finds nothing new, then let a live pass still running finish.
    do {
      await this.running;
      await this.runAll();
    } while (!this.stopped && (await this.runRound()).length > 0);
    await this.running;
  }

  /**
   * Rounds of one bounded batch per consumer, until none has more: a consumer whose events keep
   * coming (downloads under load) gets its batch each round like the others, so it can never hold
   * another one back. Between the rounds of a pass woken by appends it waits `lingerMs`, so that
   * under a steady stream each round takes what arrived meanwhile in one transaction per consumer
   * rather than chasing every append with a round of its own.
   */
  private async runAll(lingerMs = 0): Promise<void> {
    let busy: readonly FeedConsumer[] = this.projections;
    while (busy.length > 0 && !this.stopped) {
      busy = await this.runRound(busy);
      if (busy.length > 0 && lingerMs > 0) await new Promise((resolve) => setTimeout(resolve, lingerMs));
    }
  }

  /** One batch for each consumer given; returns those that may have more. */
  async runRound(consumers: readonly FeedConsumer[] = this.projections): Promise<FeedConsumer[]> {
    const more: FeedConsumer[] = [];
    for (const projection of consumers) {
      try {
        const batch = await applyNextBatch(this.options, projection);
        this.lastErrors.delete(projection.name);
        if (!batch.done) more.push(projection);
      } catch (error) {
        this.lastErrors.set(projection.name, error instanceof Error ? error.message : String(error));
        this.options.log.error(
          { err: error, projection: projection.name },
          'projection failed; retrying on the next pass',
        );
      }
    }
    return more;
  }

  private async listen(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => {
      this.wake();
      this.trailingWake ??= setTimeout(() => {
        this.trailingWake = null;
        this.wake();
      }, TRAILING_WAKE_MS);
    });
    client.on('error', (error) => {
      this.listener = null;
      // 57P01: the server is shutting down (Ctrl-C reaches it together with the app).
      if (this.stopped || (error as { code?: string }).code === '57P01') return;
      this.options.log.warn({ err: error }, 'projection listener lost its connection; polling until restart');
    });
    await client.connect();
    await client.query(`listen ${FEED_CHANNEL}`);
    this.listener = client;
  }

  async lag(db: Queryable): Promise<ProjectionLag[]> {
    return Promise.all(
      this.projections.map(async (projection) => ({
        ...(await measureLag(db, projection.name)),
        name: projection.name,
        mode: projection.mode,
        lastError: this.lastErrors.get(projection.name) ?? null,
      })),
    );
  }
}

export async function ensureCheckpoints(
  pool: Queryable,
  projections: readonly FeedConsumer[],
): Promise<void> {
  const names = projections.filter((projection) => projection.mode === 'catch-up').map((p) => p.name);
  if (names.length === 0) return;
  await pool.query(sql.unsafe`
    insert into projection_checkpoints (projection_name)
    select unnest(${sql.array(names, 'text')}) on conflict do nothing`);
}

/** Applies batches until the feed has nothing more for the projection; returns how many events it applied. */
export async function runUntilCaughtUp(
  options: Pick<RunnerOptions, 'pool' | 'store' | 'batchSize'>,
  projection: FeedConsumer,
): Promise<number> {
  let applied = 0;
  for (;;) {
    const batch = await applyNextBatch(options, projection);
    applied += batch.applied;
    if (batch.done) return applied;
  }
}

export async function applyNextBatch(
  options: Pick<RunnerOptions, 'pool' | 'store' | 'batchSize'>,
  projection: FeedConsumer,
): Promise<{ applied: number; done: boolean }> {
  return options.pool.transaction(async (tx) => {
    const locked = await tx.oneFirst(
      sql.type(z.object({ locked: z.boolean() }))`
        select pg_try_advisory_xact_lock(${PROJECTION_LOCK_CLASS}, hashtext(${projection.name})) as locked`,
    );
    // Another runner holds the projection: it will apply what is there.
    if (!locked) return { applied: 0, done: true };
    const from = await readCheckpoint(tx, projection.name);
    const { events, scannedTo } = await options.store.readFeed(tx, from, {
      limit: options.batchSize,
      ...(projection.eventTypes === 'all' ? {} : { eventTypes: projection.eventTypes }),
    });
    if (!scannedTo) return { applied: 0, done: true };
    if (events.length > 0) await projection.apply(tx, events);
    const moved = await tx.query(sql.unsafe`
      update projection_checkpoints
      set last_transaction_id = ${scannedTo.transactionId}::xid8, last_position = ${scannedTo.position},
          events_applied = events_applied + ${events.length}, updated_at = now()
      where projection_name = ${projection.name}
        and last_transaction_id = ${from.transactionId}::xid8 and last_position = ${from.position}`);
    if (moved.rowCount !== 1) throw new CheckpointMovedError(`The checkpoint of ${projection.name} moved.`);
    return { applied: events.length, done: false };
  });
}

async function readCheckpoint(db: Queryable, name: string): Promise<FeedCheckpoint> {
  const row = await db.maybeOne(sql.type(checkpointRow)`
    select last_transaction_id::text as transaction_id, last_position as position
    from projection_checkpoints where projection_name = ${name}`);
  if (!row) throw new Error(`Projection ${name} has no checkpoint: was the runner started?`);
  return { transactionId: row.transaction_id, position: row.position };
}

/**
 * Rebuilds a read model from the events and returns how many events it applied. A projection that
 * names its tables (every one in projections/index.ts) is rebuilt beside the live tables and swapped
 * in with one short transaction (shadow-rebuild.ts); the swap holds the runner's lock on a catch-up
 * projection, so no batch runs meanwhile, and moves its checkpoint. One that does not (a test's or a
 * bench's own) is emptied and replayed in place: its tables are locked for the whole replay.
 */
export async function rebuildProjection(
  options: Pick<RunnerOptions, 'pool' | 'store' | 'batchSize'> & { log?: Logger; start?: ShadowStart },
  projection: Projection | RebuildableProjection,
): Promise<number> {
  const lockCatchUp = async (tx: DatabaseTransactionConnection, name: string) => {
    await tx.query(sql.unsafe`select pg_advisory_xact_lock(${PROJECTION_LOCK_CLASS}, hashtext(${name}))`);
  };
  // One that names no table of its own (the personal-data erasure's scrub) runs again in place.
  if ('tables' in projection && projection.tables.length > 0) {
    return (await rebuildInShadow({ ...options, lockCatchUp }, projection)).applied;
  }
  if (options.start) throw new Error(`${projection.name} names no tables: it cannot start from a snapshot.`);
  return rebuildInPlace({ ...options, lockCatchUp }, projection);
}
