import { describe, expect, it } from 'vitest';
import {
  decideRelease,
  fullCollection,
  IDLE_HEAP_RELEASE_DEFAULTS,
  type HeapReleaseState,
} from './idle-heap-release';

const MB = 2 ** 20;
const options = IDLE_HEAP_RELEASE_DEFAULTS;

/** Looks at the process once a second with the given utilisation and heap, from `state`. */
function lookEverySecond(
  state: HeapReleaseState,
  looks: { utilization: number; heapMb: number }[],
  fromMs = 0,
) {
  const released: number[] = [];
  let current = state;
  looks.forEach((look, second) => {
    const nowMs = fromMs + second * 1_000;
    const decision = decideRelease(
      current,
      { nowMs, utilization: look.utilization, heapBytes: look.heapMb * MB },
      options,
    );
    current = decision.state;
    if (decision.release) {
      released.push(second);
      current = { quietSinceMs: null, baselineBytes: 150 * MB, lastAtMs: nowMs };
    }
  });
  return released;
}

const fresh: HeapReleaseState = { quietSinceMs: null, baselineBytes: 150 * MB, lastAtMs: -Infinity };
const busy = (heapMb: number) => ({ utilization: 0.95, heapMb });
const quiet = (heapMb: number) => ({ utilization: 0.02, heapMb });

describe('giving the heap back after a busy spell', () => {
  it('collects once the process has been quiet for five seconds after its heap grew', () => {
    const looks = [
      ...Array.from({ length: 30 }, () => busy(600)),
      ...Array.from({ length: 20 }, () => quiet(600)),
    ];
    // Quiet from second 30 on: five seconds later, and only once.
    expect(lookEverySecond(fresh, looks)).toEqual([35]);
  });

  it('never collects while the event loop is busy, however large the heap', () => {
    expect(
      lookEverySecond(
        fresh,
        Array.from({ length: 60 }, () => busy(630)),
      ),
    ).toEqual([]);
  });

  it('starts counting the quiet again after a busy moment', () => {
    const looks = [
      quiet(600),
      quiet(600),
      quiet(600),
      busy(600),
      ...Array.from({ length: 8 }, () => quiet(600)),
    ];
    expect(lookEverySecond(fresh, looks)).toEqual([9]);
  });

  it('leaves a heap that has not grown much alone', () => {
    expect(
      lookEverySecond(
        fresh,
        Array.from({ length: 30 }, () => quiet(200)),
      ),
    ).toEqual([]);
  });

  it('collects at most once in 30 seconds', () => {
    const burst = [
      ...Array.from({ length: 5 }, () => busy(600)),
      ...Array.from({ length: 10 }, () => quiet(600)),
    ];
    const looks = [...burst, ...burst, ...burst, ...burst];
    // Quiet enough at 10, 25, 40 and 55 s; the second and fourth come too soon after the one before.
    expect(lookEverySecond(fresh, looks)).toEqual([10, 40]);
  });

  it("finds V8's thorough collection without --expose-gc, and it gives freed pages back", () => {
    const collect = fullCollection();
    expect(collect).toBeTypeOf('function');
    // About 150 MB of small objects that are garbage once the function returns.
    const held = (() => {
      let kept: { n: number; text: string }[][] = [];
      for (let round = 0; round < 150; round++) {
        kept.push(Array.from({ length: 20_000 }, (_, n) => ({ n, text: `x${n}` })));
        if (kept.length > 75) kept = kept.slice(1);
      }
      expect(kept).toHaveLength(75);
      return process.memoryUsage.rss();
    })();
    collect!();
    // An ordinary gc() would shrink the heap but leave the freed pages resident.
    expect(process.memoryUsage.rss()).toBeLessThan(held - 50 * MB);
  });
});
