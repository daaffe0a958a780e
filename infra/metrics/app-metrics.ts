import { sql } from 'slonik';
import { z } from 'zod';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabasePool } from '../db/pool';
import type { ReadReplica } from '../db/read-replica';
import type { CatchUpRunner } from '../projection-engine/catch-up-runner';

/** What the metrics read when scraped: figures other parts keep, read at collection time. */
export type MetricSources = {
  pool: DatabasePool;
  runner: Pick<CatchUpRunner, 'lag'>;
  responseCache: { hits: number; misses: number };
  /** The read replica, when DATABASE_REPLICA_URL names one. */
  replica?: Pick<ReadReplica, 'state'> | null;
};

/** Operation names are chosen by clients: past this many distinct ones, the rest count as "other". */
const MAX_OPERATION_NAMES = 200;
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The app's Prometheus metrics (served at /metrics), one registry per app so that several apps in
 * one process (the tests) keep their own. Counters that the code moves live here; figures that
 * other parts already keep (projection lag, pool, response cache, the event store's head) are
 * read when scraped, so they cost nothing between scrapes.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly operationNames = new Set<string>();
  /** The operation label of each GraphQL request, for its errors (counted after execution). */
  private readonly requestOperations = new WeakMap<object, string>();

  readonly httpRequests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their latency.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly graphqlOperations = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations executed (answers from the response cache are counted by its own metric).',
    labelNames: ['operation_type', 'operation_name'] as const,
    registers: [this.registry],
  });

  readonly graphqlErrors = new Counter({
    name: 'graphql_errors_total',
    help: 'Errors in GraphQL answers, by operation and error code.',
    labelNames: ['operation_name', 'code'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of the scheduled jobs by outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'How long each scheduled job run took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 30, 120],
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];

    new Gauge({
      name: 'projection_lag_seconds',
      help: 'Age of the oldest event a catch-up projection or reactor has not applied yet; 0 when caught up.',
      labelNames: ['projection'] as const,
      registers,
      async collect() {
        for (const lag of await sources.runner.lag(sources.pool))
          this.set({ projection: lag.name }, lag.secondsBehind);
      },
    });
    new Gauge({
      name: 'projection_lag_events',
      help: 'Committed events after a catch-up consumer checkpoint (counting stops at a million).',
      labelNames: ['projection'] as const,
      registers,
      async collect() {
        for (const lag of await sources.runner.lag(sources.pool))
          this.set({ projection: lag.name }, lag.eventsBehind);
      },
    });
    new Gauge({
      name: 'event_store_head_position',
      help: 'Global position of the newest event: its rate is the appends per second of all instances.',
      registers,
      async collect() {
        this.set(
          await sources.pool.oneFirst(
            sql.type(
              z.object({ head: z.number() }),
            )`select coalesce(max(global_position), 0)::int8 as head from events`,
          ),
        );
      },
    });
    new Gauge({
      name: 'database_pool_connections',
      help: "This instance's database connections by state (acquired, idle, pending) and waiting clients.",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const state = sources.pool.state();
        this.set({ state: 'acquired' }, state.acquiredConnections);
        this.set({ state: 'idle' }, state.idleConnections);
        this.set({ state: 'pending' }, state.pendingConnections);
        this.set({ state: 'waiting_clients' }, state.waitingClients);
      },
    });
    const replica = sources.replica;
    if (replica) {
      new Gauge({
        name: 'database_replica_lag',
        help: 'The read replica as this instance last measured it: lag in bytes and seconds, and 1 while it serves reads.',
        labelNames: ['measure'] as const,
        registers,
        collect() {
          const state = replica.state;
          // Unknown lag (the replica away) is left out rather than shown as 0.
          if (state.lagBytes !== null) this.set({ measure: 'bytes' }, state.lagBytes);
          if (state.lagSeconds !== null) this.set({ measure: 'seconds' }, state.lagSeconds);
          this.set({ measure: 'serving' }, state.status === 'ok' ? 1 : 0);
        },
      });
      let readsCounted = 0;
      new Counter({
        name: 'database_replica_reads_total',
        help: 'Reads this instance sent to the read replica.',
        registers,
        collect() {
          const now = replica.state.readsServed;
          this.inc(Math.max(0, now - readsCounted));
          readsCounted = now;
        },
      });
    }
    // The cache keeps its own totals; the counters follow them at each scrape.
    const counted = { hits: 0, misses: 0 };
    for (const outcome of ['hits', 'misses'] as const) {
      new Counter({
        name: `graphql_response_cache_${outcome}_total`,
        help: `GraphQL answers ${outcome === 'hits' ? 'served from' : 'computed past'} the response cache.`,
        registers,
        collect() {
          const now = sources.responseCache[outcome];
          this.inc(Math.max(0, now - counted[outcome]));
          counted[outcome] = now;
        },
      });
    }
  }

  /** Counts an executed operation and remembers its label for the request's errors. */
  countOperation(request: object, type: string, name: string | null | undefined): void {
    const label = this.operationLabel(name);
    this.requestOperations.set(request, label);
    this.graphqlOperations.inc({ operation_type: type, operation_name: label });
  }

  /** Counts an answer's errors by code, under the request's operation ('invalid' when none ran). */
  countErrors(request: object | undefined, codes: readonly string[]): void {
    const label = (request && this.requestOperations.get(request)) ?? 'invalid';
    for (const code of codes) this.graphqlErrors.inc({ operation_name: label, code });
  }

  /** A client's operation name as a label: bounded in number and length. */
  private operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (this.operationNames.has(name)) return name;
    if (this.operationNames.size >= MAX_OPERATION_NAMES || !/^\w{1,64}$/.test(name)) return 'other';
    this.operationNames.add(name);
    return name;
  }
}
