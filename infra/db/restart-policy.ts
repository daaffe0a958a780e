import type { Logger } from '../logger';

export type RestartPolicyOptions = {
  /** Attempts allowed within `windowMs`; past them the supervisor gives up. */
  maxAttempts: number;
  /** Wait before the first attempt of a window, doubling for each further one up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts older than this are forgotten: a server that crashes once a day is always restarted. */
  windowMs: number;
};

export const EMBEDDED_RESTART_POLICY: Omit<RestartPolicyOptions, 'maxAttempts'> = {
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  windowMs: 10 * 60_000,
};

/**
 * Bounded restarts with exponential backoff over a sliding window: failed attempts in a row and a
 * server that keeps crashing right after each restart both spend the same budget.
 */
export class RestartPolicy {
  private attempts: number[] = [];

  constructor(
    private readonly options: RestartPolicyOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an attempt and returns the wait before it, or null when the budget is spent. */
  nextAttempt(): { attempt: number; delayMs: number } | null {
    const now = this.now();
    this.attempts = this.attempts.filter((at) => now - at < this.options.windowMs);
    if (this.attempts.length >= this.options.maxAttempts) return null;
    const delayMs = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** this.attempts.length);
    this.attempts.push(now);
    return { attempt: this.attempts.length, delayMs };
  }
}

/**
 * Restarts something that died (the embedded PostgreSQL) under the policy: waits, tries, logs each
 * step; resolves true once a start succeeds, false when the attempts are spent or `cancelled()`.
 */
export async function restartWithBackoff(options: {
  policy: RestartPolicy;
  start: () => Promise<void>;
  log: Logger;
  what: string;
  sleep?: (ms: number) => Promise<void>;
  cancelled?: () => boolean;
}): Promise<boolean> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  while (!options.cancelled?.()) {
    const next = options.policy.nextAttempt();
    if (!next) {
      options.log.fatal(`${options.what} could not be restarted: giving up`);
      return false;
    }
    options.log.warn({ attempt: next.attempt, delayMs: next.delayMs }, `restarting ${options.what}`);
    await sleep(next.delayMs);
    if (options.cancelled?.()) return false;
    try {
      await options.start();
      options.log.info({ attempt: next.attempt }, `${options.what} is running again`);
      return true;
    } catch (error) {
      options.log.error({ err: error, attempt: next.attempt }, `restarting ${options.what} failed`);
    }
  }
  return false;
}
