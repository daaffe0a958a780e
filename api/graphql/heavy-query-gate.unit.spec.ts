import { describe, expect, it, vi } from 'vitest';
import { HeavyQueryGate, ServerBusyError, takeTurnIfHeavy } from './heavy-query-gate';

describe('the gate of heavy GraphQL operations', () => {
  it('lets two run, queues the next until one leaves, and hands the place over in order', async () => {
    const gate = new HeavyQueryGate({ maxRunning: 2, maxWaiting: 4, maxWaitMs: 10_000 });
    const first = await gate.enter();
    await gate.enter();
    const order: string[] = [];
    const third = gate.enter().then((leave) => {
      order.push('third');
      return leave;
    });
    const fourth = gate.enter().then(() => order.push('fourth'));
    await Promise.resolve();
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    expect(order).toEqual([]);
    first();
    first(); // leaving twice frees one place only
    (await third)();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
  });

  it('refuses at once when the line is full', async () => {
    const gate = new HeavyQueryGate({ maxRunning: 1, maxWaiting: 1, maxWaitMs: 10_000 });
    await gate.enter();
    void gate.enter().catch(() => undefined);
    await expect(gate.enter()).rejects.toBeInstanceOf(ServerBusyError);
  });

  it('refuses one that waited too long, and frees its place in line', async () => {
    vi.useFakeTimers();
    try {
      const gate = new HeavyQueryGate({ maxRunning: 1, maxWaiting: 1, maxWaitMs: 1_000 });
      const leave = await gate.enter();
      const waiting = gate.enter();
      const refused = expect(waiting).rejects.toBeInstanceOf(ServerBusyError);
      await vi.advanceTimersByTimeAsync(1_001);
      await refused;
      expect(gate.load).toEqual({ running: 1, waiting: 0 });
      leave();
      expect(gate.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('turns of heavy operations on the event loop', () => {
  it('gives each heavy page an event-loop iteration of its own, in order; others go on at once', async () => {
    // Counts the loop's iterations: an immediate queued from an immediate runs in the next one.
    let iteration = 0;
    let counting = true;
    const tick = () => {
      iteration += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const heavy = { leaveHeavyQueryGate: () => undefined };
    const seen: { who: string; iteration: number }[] = [];
    const pages = ['a', 'b', 'c'].map((who) =>
      takeTurnIfHeavy(heavy).then(() => seen.push({ who, iteration })),
    );
    const light = takeTurnIfHeavy({}).then(() => seen.push({ who: 'light', iteration }));
    await Promise.all([...pages, light]);
    counting = false;
    expect(seen.map((entry) => entry.who)).toEqual(['light', 'a', 'b', 'c']);
    expect(seen[0]!.iteration).toBe(0);
    const iterations = seen.slice(1).map((entry) => entry.iteration);
    expect(new Set(iterations).size).toBe(3);
  });
});
