import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { Queryable } from '../../infra/db/pool';

/**
 * At most `max` actions per key (a user's id, a canonical login name) in any window of `windowMs`:
 * a sliding log of each key's recent allowed action times, kept in PostgreSQL (migration 030) so
 * that every instance of the app shares one budget. One statement per action, row-locked per key,
 * so concurrent actions of one key are counted one after another.
 */
export class UserRateLimiter {
  constructor(
    private readonly db: Queryable,
    private readonly options: {
      name: string;
      max: number;
      windowMs: number;
      now: () => Date;
      message: string;
    },
  ) {}

  /** Counts one action of the key, or refuses with TOO_MANY_REQUESTS when the window is full. */
  async hit(key: number | string): Promise<void> {
    if (!(await this.allow(key))) throw new DomainError('TOO_MANY_REQUESTS', this.options.message);
  }

  /** Counts one action of the key if the window has room; false (nothing counted) when it is full. */
  async allow(key: number | string): Promise<boolean> {
    const at = this.options.now();
    const now = at.toISOString();
    const since = new Date(at.getTime() - this.options.windowMs).toISOString();
    // The key's hits still inside the window, as the row stands once locked by the conflict.
    const kept = sql.fragment`array(select h from unnest(log.hits) h where h > ${since}::timestamptz)`;
    const allowed = await this.db.oneFirst(sql.type(z.object({ allowed: z.boolean() }))`
      insert into rate_limit_logs as log (limiter, subject, hits, last_allowed, last_hit_at)
      values (${this.options.name}, ${String(key)}, array[${now}::timestamptz], true, ${now}::timestamptz)
      on conflict (limiter, subject) do update set
        hits = case when cardinality(${kept}) < ${this.options.max}
                    then ${kept} || ${now}::timestamptz else ${kept} end,
        last_allowed = cardinality(${kept}) < ${this.options.max},
        last_hit_at = ${now}::timestamptz
      returning last_allowed as allowed`);
    return allowed;
  }
}

/** Forgets the logs whose last action is older than any window (the longest is an hour). */
export async function forgetStaleRateLimits(db: Queryable, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  await db.query(sql.unsafe`delete from rate_limit_logs where last_hit_at < ${dayAgo}::timestamptz`);
  await db.query(sql.unsafe`delete from rate_limit_windows where resets_at < now()`);
}

const MINUTE = 60_000;
export const COMMENTS_PER_MINUTE = 5;
export const RATINGS_PER_MINUTE = 30;
export const REPORTS_PER_HOUR = 10;
/** Follows and unfollows, wishes and unwishes: each a toggle, limited like votes. */
export const FOLLOWS_PER_MINUTE = 30;
export const WISHES_PER_MINUTE = 30;

/** The per-user limits of the GraphQL actions that write for anyone signed in: comments, votes, reports, follows, wishes. */
export function createUserActionLimits(db: Queryable, now: () => Date) {
  return {
    comments: new UserRateLimiter(db, {
      name: 'comments',
      max: COMMENTS_PER_MINUTE,
      windowMs: MINUTE,
      now,
      message: 'You are commenting too fast. Please wait a minute and try again.',
    }),
    ratings: new UserRateLimiter(db, {
      name: 'ratings',
      max: RATINGS_PER_MINUTE,
      windowMs: MINUTE,
      now,
      message: 'You are voting too fast. Please wait a minute and try again.',
    }),
    reports: new UserRateLimiter(db, {
      name: 'reports',
      max: REPORTS_PER_HOUR,
      windowMs: 60 * MINUTE,
      now,
      message: 'You sent many reports in the last hour. Thank you! Please wait a while before sending more.',
    }),
    follows: new UserRateLimiter(db, {
      name: 'follows',
      max: FOLLOWS_PER_MINUTE,
      windowMs: MINUTE,
      now,
      message: 'You are following and unfollowing too fast. Please wait a minute and try again.',
    }),
    wishes: new UserRateLimiter(db, {
      name: 'wishes',
      max: WISHES_PER_MINUTE,
      windowMs: MINUTE,
      now,
      message: 'You are changing your wishlist too fast. Please wait a minute and try again.',
    }),
  };
}
export type UserActionLimits = ReturnType<typeof createUserActionLimits>;
