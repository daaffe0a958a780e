import { DomainError } from '../../domain/errors';

/**
 * At most `max` actions per key (a user's id, a canonical login name) in any window of `windowMs`
 * (a sliding log of each key's recent action times). In memory: the app is one process; several
 * instances would each allow `max`.
 */
export class UserRateLimiter {
  private readonly recent = new Map<number | string, number[]>();
  private calls = 0;

  constructor(
    private readonly options: { max: number; windowMs: number; now: () => Date; message: string },
  ) {}

  /** Counts one action of the key, or refuses with TOO_MANY_REQUESTS when the window is full. */
  hit(userId: number | string): void {
    const now = this.options.now().getTime();
    const since = now - this.options.windowMs;
    const times = (this.recent.get(userId) ?? []).filter((time) => time > since);
    if (times.length >= this.options.max) {
      this.recent.set(userId, times);
      throw new DomainError('TOO_MANY_REQUESTS', this.options.message);
    }
    times.push(now);
    this.recent.set(userId, times);
    // Now and then, forget users whose actions have all left the window.
    if (++this.calls % 1000 === 0) this.sweep(since);
  }

  private sweep(since: number): void {
    for (const [userId, times] of this.recent) {
      if (times.every((time) => time <= since)) this.recent.delete(userId);
    }
  }
}

const MINUTE = 60_000;
export const COMMENTS_PER_MINUTE = 5;
export const RATINGS_PER_MINUTE = 30;
export const REPORTS_PER_HOUR = 10;

/** The per-user limits of the GraphQL actions that write for anyone signed in: comments, votes, reports. */
export function createUserActionLimits(now: () => Date) {
  return {
    comments: new UserRateLimiter({
      max: COMMENTS_PER_MINUTE,
      windowMs: MINUTE,
      now,
      message: 'You are commenting too fast. Please wait a minute and try again.',
    }),
    ratings: new UserRateLimiter({
      max: RATINGS_PER_MINUTE,
      windowMs: MINUTE,
      now,
      message: 'You are voting too fast. Please wait a minute and try again.',
    }),
    reports: new UserRateLimiter({
      max: REPORTS_PER_HOUR,
      windowMs: 60 * MINUTE,
      now,
      message: 'You sent many reports in the last hour. Thank you! Please wait a while before sending more.',
    }),
  };
}
export type UserActionLimits = ReturnType<typeof createUserActionLimits>;
