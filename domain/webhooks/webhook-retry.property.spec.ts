import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shouldPauseEndpoint, webhookRetryDelayMs, webhookRoundExhausted } from './webhook-retry';

const policy = fc
  .record({ baseMs: fc.integer({ min: 10, max: 120_000 }), extra: fc.integer({ min: 0, max: 10_000_000 }) })
  .map(({ baseMs, extra }) => ({ baseMs, maxMs: baseMs + extra, maxAttempts: 8 }));
const random = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('webhook retry delays', () => {
  it('stay between half and all of the capped exponential wait', () => {
    fc.assert(
      fc.property(policy, fc.integer({ min: 1, max: 200 }), random, (p, failures, r) => {
        const ceiling = Math.min(p.maxMs, p.baseMs * 2 ** (failures - 1));
        const delay = webhookRetryDelayMs(failures, p, r);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(delay).toBeLessThanOrEqual(Math.ceil(ceiling));
        expect(delay).toBeLessThanOrEqual(p.maxMs);
      }),
    );
  });

  it('never shrink from one failure to the next for the same draw, until the cap', () => {
    fc.assert(
      fc.property(policy, fc.integer({ min: 1, max: 60 }), random, (p, failures, r) => {
        expect(webhookRetryDelayMs(failures + 1, p, r)).toBeGreaterThanOrEqual(
          webhookRetryDelayMs(failures, p, r),
        );
      }),
    );
  });

  it('spread over the whole second half: the draw decides where (jitter)', () => {
    const p = { baseMs: 1000, maxMs: 60_000 };
    expect(webhookRetryDelayMs(1, p, 0)).toBe(500);
    expect(webhookRetryDelayMs(1, p, 0.5)).toBe(750);
    expect(webhookRetryDelayMs(3, p, 0.999)).toBe(3998);
    expect(webhookRetryDelayMs(30, p, 0)).toBe(30_000);
  });

  it('a round ends at its last attempt', () => {
    expect(webhookRoundExhausted(7, { maxAttempts: 8 })).toBe(false);
    expect(webhookRoundExhausted(8, { maxAttempts: 8 })).toBe(true);
  });
});

describe('pausing an endpoint', () => {
  const rule = { maxConsecutiveFailures: 20, maxFailingMs: 24 * 3_600_000 };
  const now = new Date('2026-11-28T12:00:00Z');
  it('after the set number of failed attempts in a row', () => {
    expect(shouldPauseEndpoint({ consecutiveFailures: 19, failingSince: now }, now, rule)).toBe(false);
    expect(shouldPauseEndpoint({ consecutiveFailures: 20, failingSince: now }, now, rule)).toBe(true);
  });
  it('or after a day of failures, however few', () => {
    const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
    expect(shouldPauseEndpoint({ consecutiveFailures: 2, failingSince: dayAgo }, now, rule)).toBe(true);
    expect(
      shouldPauseEndpoint(
        { consecutiveFailures: 2, failingSince: new Date(dayAgo.getTime() + 1000) },
        now,
        rule,
      ),
    ).toBe(false);
  });
  it('never without a failure', () => {
    expect(shouldPauseEndpoint({ consecutiveFailures: 0, failingSince: null }, now, rule)).toBe(false);
  });
});
