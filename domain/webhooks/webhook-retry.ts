/*
 * When a failed delivery is tried again (docs/webhooks.md, "Retries"): the wait doubles from the
 * base with each failed attempt up to the cap, and a random part of it (jitter) keeps the retries
 * of many deliveries to one receiver from arriving together.
 */

export type WebhookRetryPolicy = {
  /** Attempts of one round before a delivery is FAILED (its owner may resend it). */
  maxAttempts: number;
  /** The wait after the first failed attempt... */
  baseMs: number;
  /** ...doubling up to this. */
  maxMs: number;
};

/**
 * The wait after `failedAttempts` failures (1 for the first): half of base·2^(n−1) (capped) for
 * sure and the other half scaled by `random` (0 ≤ random < 1), so between half and all of it.
 */
export function webhookRetryDelayMs(
  failedAttempts: number,
  policy: Pick<WebhookRetryPolicy, 'baseMs' | 'maxMs'>,
  random: number,
): number {
  const exponent = Math.min(Math.max(0, failedAttempts - 1), 40);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  const unit = Math.min(Math.max(random, 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * unit);
}

/** Whether a round is over after `attemptsThisRound` attempts. */
export function webhookRoundExhausted(
  attemptsThisRound: number,
  policy: Pick<WebhookRetryPolicy, 'maxAttempts'>,
) {
  return attemptsThisRound >= policy.maxAttempts;
}

export type WebhookPauseRule = {
  /** Failed attempts in a row (any of the endpoint's deliveries) that pause it... */
  maxConsecutiveFailures: number;
  /** ...or this long since the first failure of the run, whichever comes first. */
  maxFailingMs: number;
};

/** Whether an endpoint failing since `failingSince`, `consecutiveFailures` times in a row, is paused now. */
export function shouldPauseEndpoint(
  run: { consecutiveFailures: number; failingSince: Date | null },
  now: Date,
  rule: WebhookPauseRule,
): boolean {
  if (run.consecutiveFailures <= 0) return false;
  if (run.consecutiveFailures >= rule.maxConsecutiveFailures) return true;
  return run.failingSince !== null && now.getTime() - run.failingSince.getTime() >= rule.maxFailingMs;
}
