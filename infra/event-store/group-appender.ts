import { randomUUID } from 'node:crypto';
import type { DatabasePool } from '../db/pool';
import type { Logger } from '../logger';
import { ConcurrencyError, type AppendRequest, type EventStore, type StoredEvent } from './event-store';

export type GroupAppenderOptions = {
  /** Most appends written by one transaction. */
  maxBatch: number;
  /** Transactions appending at once (each holds a pooled connection). */
  maxWriters: number;
};

type Waiting = {
  unit: readonly AppendRequest[];
  streamIds: readonly string[];
  resolve: (events: StoredEvent[]) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit for appends that need nothing else in their transaction: appends that arrive while
 * transactions are writing wait and go together in the next one, so concurrent callers share a
 * commit (and its fsync) instead of paying one each. Each append keeps its own expected versions:
 * one that does not hold fails alone with its ConcurrencyError while the others of its transaction
 * commit. A stream is in at most one transaction at a time and its appends are taken in the order
 * of the calls, so its events keep that order. `append` resolves once its transaction has committed.
 * When a transaction fails otherwise (an inline projection throws, the connection drops), its
 * appends are written again one per transaction, so one bad append never fails the others; the
 * event ids are fixed on arrival, so an append whose commit did succeed cannot be written twice.
 */
export class GroupAppender {
  private queue: Waiting[] = [];
  /** The streams of the transactions in flight. */
  private readonly writing = new Set<string>();
  private writers = 0;

  constructor(
    private readonly deps: { pool: DatabasePool; store: EventStore; log: Logger },
    private readonly options: GroupAppenderOptions = { maxBatch: 100, maxWriters: 2 },
  ) {}

  /** Like `store.append` in a transaction of its own: the requests are written together or not at all. */
  append(requests: AppendRequest | readonly AppendRequest[]): Promise<StoredEvent[]> {
    const all: readonly AppendRequest[] = Array.isArray(requests) ? requests : [requests as AppendRequest];
    const unit = all.map((request) => ({
      ...request,
      events: request.events.map((event) => ({ ...event, eventId: event.eventId ?? randomUUID() })),
    }));
    return new Promise((resolve, reject) => {
      this.queue.push({ unit, streamIds: unit.map((request) => request.streamId), resolve, reject });
      this.writeNext();
    });
  }

  private writeNext(): void {
    while (this.writers < this.options.maxWriters) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.writers++;
      void this.write(batch).finally(() => {
        for (const waiting of batch) for (const id of waiting.streamIds) this.writing.delete(id);
        this.writers--;
        this.writeNext();
      });
    }
  }

  /**
   * The waiting appends whose streams no transaction in flight holds, oldest first. An append left
   * waiting holds its streams back for the appends behind it, so none overtakes it on a stream.
   */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const unavailable = new Set(this.writing);
    for (const waiting of this.queue) {
      const free =
        batch.length < this.options.maxBatch && waiting.streamIds.every((id) => !unavailable.has(id));
      (free ? batch : rest).push(waiting);
      for (const id of waiting.streamIds) unavailable.add(id);
      if (free) for (const id of waiting.streamIds) this.writing.add(id);
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: readonly Waiting[]): Promise<void> {
    try {
      const outcomes = await this.deps.store.appendEachAlone(
        this.deps.pool,
        batch.map((waiting) => waiting.unit),
      );
      for (const [index, waiting] of batch.entries()) {
        const outcome = outcomes[index]!;
        if (outcome instanceof ConcurrencyError) waiting.reject(outcome);
        else waiting.resolve(outcome);
      }
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      this.deps.log.warn({ err: error, appends: batch.length }, 'append batch failed; writing one by one');
    }
    for (const waiting of batch) {
      try {
        waiting.resolve(await this.deps.store.appendAlone(this.deps.pool, waiting.unit));
      } catch (error) {
        waiting.reject(error);
      }
    }
  }
}
