import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { RestartPolicy, restartWithBackoff } from './restart-policy';

const log = createLogger({ level: 'silent' });
const options = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 3_000, windowMs: 600_000 };

/** A clock that only moves when the supervisor sleeps. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    now: () => now,
    slept,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('restart policy', () => {
  it('doubles the wait from the base up to the cap, then refuses once the attempts are spent', () => {
    const time = fakeTime();
    const policy = new RestartPolicy(options, time.now);
    const delays = Array.from({ length: 5 }, () => policy.nextAttempt()?.delayMs ?? null);
    expect(delays).toEqual([500, 1_000, 2_000, 3_000, null]);
  });

  it('forgets attempts older than the window, so a rare crash is always restarted', () => {
    const time = fakeTime();
    const policy = new RestartPolicy(options, time.now);
    for (let i = 0; i < 4; i++) expect(policy.nextAttempt()).not.toBeNull();
    expect(policy.nextAttempt()).toBeNull();
    time.advance(600_001);
    expect(policy.nextAttempt()).toEqual({ attempt: 1, delayMs: 500 });
  });

  it('restarts after a backoff and stops trying once a start succeeds', async () => {
    const time = fakeTime();
    let starts = 0;
    const restarted = await restartWithBackoff({
      policy: new RestartPolicy(options, time.now),
      what: 'the server',
      log,
      sleep: time.sleep,
      start: async () => {
        starts += 1;
        if (starts < 3) throw new Error('shared memory still in use');
      },
    });
    expect(restarted).toBe(true);
    expect(starts).toBe(3);
    expect(time.slept).toEqual([500, 1_000, 2_000]);
  });

  it('gives up (false) after the bounded attempts when the server cannot start', async () => {
    const time = fakeTime();
    let starts = 0;
    const restarted = await restartWithBackoff({
      policy: new RestartPolicy(options, time.now),
      what: 'the server',
      log,
      sleep: time.sleep,
      start: async () => {
        starts += 1;
        throw new Error('port in use');
      },
    });
    expect(restarted).toBe(false);
    expect(starts).toBe(4);
    expect(time.slept).toEqual([500, 1_000, 2_000, 3_000]);
  });

  it('a server that keeps dying right after each restart spends the same budget', async () => {
    const time = fakeTime();
    const policy = new RestartPolicy(options, time.now);
    const outcomes: boolean[] = [];
    for (let crash = 0; crash < 5; crash++) {
      outcomes.push(
        await restartWithBackoff({
          policy,
          what: 'the server',
          log,
          sleep: time.sleep,
          start: async () => {},
        }),
      );
    }
    expect(outcomes).toEqual([true, true, true, true, false]);
  });

  it('stops when cancelled (the app is shutting down) without another attempt', async () => {
    const time = fakeTime();
    let starts = 0;
    let cancelled = false;
    const restarted = await restartWithBackoff({
      policy: new RestartPolicy(options, time.now),
      what: 'the server',
      log,
      sleep: async (ms) => {
        await time.sleep(ms);
        cancelled = true;
      },
      cancelled: () => cancelled,
      start: async () => {
        starts += 1;
      },
    });
    expect(restarted).toBe(false);
    expect(starts).toBe(0);
  });
});
