import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../infra/db/pool';

const windowRow = z.object({ hits: z.number(), ttl: z.number() });

/**
 * @fastify/rate-limit's counters in PostgreSQL (migration 030), so that every instance of the app
 * counts against one budget: a fixed window per route and key, like the plugin's own memory store.
 * The database's clock decides when a window ends, so instances with drifting clocks agree.
 */
export function postgresRateLimitStore(db: Queryable) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** The plugin constructs the store with its options (unused here); each route gets a child with its prefix. */
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      db.one(
        sql.type(windowRow)`
        insert into rate_limit_windows as w (key, hits, resets_at)
        values (${this.prefix + key}, 1, clock_timestamp() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when w.resets_at <= clock_timestamp() then 1 else w.hits + 1 end,
          resets_at = case when w.resets_at <= clock_timestamp()
                           then clock_timestamp() + ${timeWindow} * interval '1 millisecond'
                           else w.resets_at end
        returning hits, greatest(0, ceil(extract(epoch from resets_at - clock_timestamp()) * 1000))::int as ttl`,
      ).then(
        (row) => callback(null, { current: row.hits, ttl: row.ttl }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes its merged settings, with the route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new PostgresRateLimitStore(
        undefined,
        `${this.prefix}${String(route.method)} ${String(route.url)}|`,
      );
    }
  };
}
