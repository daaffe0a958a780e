import { sql } from 'slonik';
import { z } from 'zod';
import type { Logger } from '../logger';
import type { DatabasePool } from './pool';

/**
 * A WAL position ('16/B374D848': two hex halves of a 64-bit byte offset) as a number: positions
 * stay far below 2^53 bytes (8 PB of WAL), so they compare and subtract exactly.
 */
export function lsnNumber(lsn: string): number {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  if (!match) throw new RangeError(`Not a WAL position: ${lsn}`);
  return parseInt(match[1]!, 16) * 2 ** 32 + parseInt(match[2]!, 16);
}

/** The same position as PostgreSQL writes it (pg_lsn's text form). */
export function lsnText(position: number): string {
  const high = Math.floor(position / 2 ** 32);
  return `${high.toString(16).toUpperCase()}/${(position - high * 2 ** 32).toString(16).toUpperCase()}`;
}

/** The replica as last measured: `ok` serves reads; `lagging` (past the limit) and `down` do not. */
export type ReplicaState = {
  status: 'ok' | 'lagging' | 'down';
  /** WAL the primary has written that the replica has not replayed yet; null when unknown. */
  lagBytes: number | null;
  /** Since the replica last replayed a commit, while it is behind; 0 when caught up; null when unknown. */
  lagSeconds: number | null;
  maxLagSeconds: number;
  /** Where the replica's replay had got to (a lower bound of where it is now). */
  replayedLsn: number | null;
  /** performance.now() of the measurement; null before the first one. */
  checkedAt: number | null;
  /** Reads this instance has sent to the replica since it started. */
  readsServed: number;
};

/** The pool methods that run one statement: a request pool sends them to the replica. */
const READ_METHODS = [
  'query',
  'one',
  'maybeOne',
  'many',
  'any',
  'oneFirst',
  'maybeOneFirst',
  'anyFirst',
  'manyFirst',
  'exists',
] as const;

/** PostgreSQL's read_only_sql_transaction: a hot standby refuses any write with it. */
const READ_ONLY_SQL_TRANSACTION = '25006';

/** Whether the error (or one it wraps: slonik keeps the driver's as `cause`) is a standby's refusal of a write. */
function isReadOnlyRefusal(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  if ((error as { code?: unknown }).code === READ_ONLY_SQL_TRANSACTION) return true;
  return isReadOnlyRefusal((error as { cause?: unknown }).cause, depth + 1);
}

/** A measurement older than this is not trusted to route reads (the loop measures every `pollMs`). */
const STALE_AFTER_MS = 3_000;

/** A read the replica cannot serve yet measures again when the last measurement is older than this. */
const RECHECK_AFTER_MS = 50;

const measurementSchema = z.object({
  replayed: z.string().nullable(),
  inRecovery: z.boolean(),
  secondsSinceReplay: z.number().nullable(),
});

/**
 * A streaming replica beside the primary (DATABASE_REPLICA_URL). Measured every `pollMs`: how far
 * its replay is behind the primary's WAL, in bytes (pg_current_wal_lsn on the primary less
 * pg_last_wal_replay_lsn on the replica) and in seconds (the replica's clock less
 * pg_last_xact_replay_timestamp, the primary's commit time of the last replayed transaction,
 * while there is WAL left to replay). It serves a read only while its last measurement is fresh,
 * within the lag limit, and past every WAL position the read must see (`serves`): the positions of
 * catalogue changes this instance heard of (`noteChange`) and of the reader's own last write.
 */
export class ReadReplica {
  /** Opened by the first measurement that reaches the replica (slonik connects as it opens a pool). */
  private pool: DatabasePool | null = null;
  private readonly openPool: () => Promise<DatabasePool>;
  private readonly primary: DatabasePool;
  private readonly maxLagSeconds: number;
  private readonly pollMs: number;
  private readonly log: Logger;
  private measured: Omit<ReplicaState, 'maxLagSeconds' | 'readsServed'> = {
    status: 'down',
    lagBytes: null,
    lagSeconds: null,
    replayedLsn: null,
    checkedAt: null,
  };
  private readsServed = 0;
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /**
   * The WAL position of the last catalogue change heard of, per kind ('downloads': download counters
   * only), and how many such positions are still being read: until then no read goes to the replica.
   */
  private readonly fences = { any: 0, downloads: 0 };
  private pendingFences = 0;

  constructor(options: {
    /** Opens the replica's pool; tried again at each measurement until it succeeds. */
    openPool: () => Promise<DatabasePool>;
    primary: DatabasePool;
    maxLagSeconds: number;
    pollMs?: number;
    log: Logger;
  }) {
    this.openPool = options.openPool;
    this.primary = options.primary;
    this.maxLagSeconds = options.maxLagSeconds;
    this.pollMs = options.pollMs ?? 500;
    this.log = options.log;
  }

  get state(): ReplicaState {
    return { ...this.measured, maxLagSeconds: this.maxLagSeconds, readsServed: this.readsServed };
  }

  start(): void {
    if (this.timer) return;
    const loop = () => {
      void this.check().finally(() => {
        if (this.timer) this.timer = setTimeout(loop, this.pollMs).unref();
      });
    };
    this.timer = setTimeout(loop, 0).unref();
  }

  /** Stops measuring and closes the replica's pool. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    await this.pool?.end();
    this.pool = null;
  }

  /** Measures now (joining a measurement under way). */
  check(): Promise<void> {
    return (this.inFlight ??= this.measure().finally(() => {
      this.inFlight = null;
    }));
  }

  private async measure(): Promise<void> {
    const was = this.measured.status;
    try {
      // The primary first: a replica that has replayed this far was caught up when it was read.
      const written = lsnNumber(
        await this.primary.oneFirst(
          sql.type(z.object({ lsn: z.string() }))`select pg_current_wal_lsn()::text as lsn`,
        ),
      );
      this.pool ??= await this.openPool();
      const row = await this.pool.one(sql.type(measurementSchema)`
        select pg_last_wal_replay_lsn()::text as replayed, pg_is_in_recovery() as "inRecovery",
               extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8 as "secondsSinceReplay"`);
      if (!row.inRecovery || row.replayed === null) {
        // A promoted replica (or a primary named by mistake) no longer follows this primary.
        throw new Error('DATABASE_REPLICA_URL names a server that is not replaying WAL (not a standby)');
      }
      const replayed = lsnNumber(row.replayed);
      const lagBytes = Math.max(0, written - replayed);
      const lagSeconds =
        lagBytes === 0 ? 0 : row.secondsSinceReplay === null ? null : Math.max(0, row.secondsSinceReplay);
      this.measured = {
        status: lagSeconds !== null && lagSeconds <= this.maxLagSeconds ? 'ok' : 'lagging',
        lagBytes,
        lagSeconds,
        replayedLsn: Math.max(replayed, this.measured.replayedLsn ?? 0),
        checkedAt: performance.now(),
      };
    } catch (error) {
      this.measured = { ...this.measured, status: 'down', checkedAt: performance.now() };
      if (was !== 'down') this.log.warn({ err: error }, 'read replica unavailable; reads go to the primary');
      return;
    }
    if (was !== this.measured.status) {
      const { status, lagBytes, lagSeconds } = this.measured;
      const message =
        status === 'ok'
          ? 'read replica serving reads'
          : 'read replica behind its lag limit; reads go to the primary';
      this.log.info({ status, lagBytes, lagSeconds, maxLagSeconds: this.maxLagSeconds }, message);
    }
  }

  /**
   * A committed catalogue change was heard of (its notice came after the commit): the primary's
   * WAL position read now is at or past it, and reads that may be kept in the response cache must
   * not come from a replica that has not replayed it.
   */
  noteChange(kind: 'downloads' | 'any'): void {
    this.pendingFences += 1;
    void this.primaryLsn()
      .then(
        (lsn) => {
          this.fences[kind] = Math.max(this.fences[kind], lsn);
          if (kind === 'any') this.fences.downloads = Math.max(this.fences.downloads, lsn);
        },
        // Unknown: every read goes to the primary until the next measurement shows the replica
        // past where the primary is now (a later position covers this change too).
        () => {
          this.fences[kind] = Number.MAX_SAFE_INTEGER;
        },
      )
      .finally(() => {
        this.pendingFences -= 1;
        // Measure at once, so that reads return to the replica as soon as it has the change.
        void this.check();
      });
  }

  /**
   * The pool one request reads through: the replica, until a statement is refused there as a write
   * (a read path that writes once in a while, such as the first trending list of a day moving the
   * window): that statement runs again on the primary, and so does everything after it in the
   * request, which then reads what it wrote. So does a statement that fails for `unavailable`
   * (the replica went away, or cancelled it in a conflict with its replay): the replica is
   * measured again at once, so the next requests know. Transactions and connections go to the primary.
   */
  requestPool(unavailable: (error: unknown) => boolean = () => false): DatabasePool {
    const replica = this.pool;
    const primary = this.primary;
    if (!replica) return primary;
    let onPrimary = false;
    const routed =
      <Name extends (typeof READ_METHODS)[number]>(name: Name) =>
      async (...args: Parameters<DatabasePool[Name]>): Promise<Awaited<ReturnType<DatabasePool[Name]>>> => {
        const call = (pool: DatabasePool) =>
          (pool[name] as (...a: unknown[]) => Promise<Awaited<ReturnType<DatabasePool[Name]>>>)(...args);
        if (onPrimary) return call(primary);
        try {
          return await call(replica);
        } catch (error) {
          const refused = isReadOnlyRefusal(error);
          if (!refused && !unavailable(error)) throw error;
          if (!refused) void this.check();
          onPrimary = true;
          return call(primary);
        }
      };
    const methods = Object.fromEntries(READ_METHODS.map((name) => [name, routed(name)]));
    return { ...primary, ...methods } as DatabasePool;
  }

  /** Where the primary's WAL ends now: at or past every transaction committed before. */
  async primaryLsn(): Promise<number> {
    return lsnNumber(
      await this.primary.oneFirst(
        sql.type(z.object({ lsn: z.string() }))`select pg_current_wal_lsn()::text as lsn`,
      ),
    );
  }

  /**
   * Whether a read may go to the replica: it is measured fresh and within its lag limit, and has
   * replayed past `after` (the reader's own last write) and the last catalogue change (download
   * counter changes too with `withDownloads`). Counted as served when it may.
   */
  serves(options: { after?: number | null; withDownloads?: boolean } = {}): boolean {
    const { status, replayedLsn, checkedAt } = this.measured;
    if (status !== 'ok' || replayedLsn === null || checkedAt === null) return false;
    if (performance.now() - checkedAt > STALE_AFTER_MS) return false;
    if (this.pendingFences > 0) return false;
    const needed = Math.max(
      options.after ?? 0,
      this.fences.any,
      options.withDownloads ? this.fences.downloads : 0,
    );
    if (replayedLsn < needed) {
      // A fence just moved: look again soon rather than at the next tick.
      if (performance.now() - checkedAt > RECHECK_AFTER_MS) void this.check();
      return false;
    }
    this.readsServed += 1;
    return true;
  }
}
