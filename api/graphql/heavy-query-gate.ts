/** Refused when the queue of expensive operations is full or the wait too long: HTTP 503 with Retry-After. */
export class ServerBusyError extends Error {
  override name = 'ServerBusyError';
  readonly code = 'SERVER_BUSY';
  readonly statusCode = 503;
  constructor() {
    super(
      'The server is busy with other large queries. Please try again in a few seconds, or ask for fewer items.',
    );
  }
}

/**
 * Lets at most `maxRunning` expensive GraphQL operations run at once in this process; others wait
 * in line (at most `maxWaiting`, each at most `maxWaitMs`) or are refused with ServerBusyError.
 * One such operation builds hundreds of kilobytes of answer from thousands of rows: run side by
 * side they multiply the memory held at once and hold the event loop, so health and the cheap
 * requests of everyone else would wait behind them.
 */
export class HeavyQueryGate {
  private running = 0;
  private readonly waiting: { admit: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(private readonly options: { maxRunning: number; maxWaiting: number; maxWaitMs: number }) {}

  /** Resolves with the function that frees the place once the operation is done. */
  async enter(): Promise<() => void> {
    if (this.running < this.options.maxRunning) {
      this.running += 1;
      return this.leaver();
    }
    if (this.waiting.length >= this.options.maxWaiting) throw new ServerBusyError();
    await new Promise<void>((resolve, reject) => {
      const entry = {
        admit: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new ServerBusyError());
        }, this.options.maxWaitMs),
      };
      this.waiting.push(entry);
    });
    // The place was handed over by the operation that left (running stays counted).
    return this.leaver();
  }

  /** Operations running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private leaver(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running -= 1;
    };
  }
}

/** From this estimated cost on, an operation waits for a place (the web app's pages stay far below). */
export const HEAVY_QUERY_COST = 5_000;

type WithPlace = { leaveHeavyQueryGate?: () => void };

/** Frees the request's place, if it took one (called when its answer is sent or it is abandoned). */
export function leaveHeavyQueryGate(request: object): void {
  (request as WithPlace).leaveHeavyQueryGate?.();
}

/** Waits for a place for an operation of this cost, if it is heavy; the place is the request's until it ends. */
export async function enterHeavyQueryGate(gate: HeavyQueryGate, cost: number, request: object | undefined) {
  if (cost < HEAVY_QUERY_COST || !request) return;
  (request as WithPlace).leaveHeavyQueryGate = await gate.enter();
}

const turns: (() => void)[] = [];
let turnScheduled = false;

function nextTurnOf(): void {
  const next = turns.shift();
  // Scheduled from inside an immediate callback, the next one runs in the loop's next iteration.
  turnScheduled = turns.length > 0;
  if (turnScheduled) setImmediate(nextTurnOf);
  next?.();
}

/**
 * Waits for an event-loop iteration of its own when the request is a heavy operation: each page
 * of cards of a heavy answer (an alias) is then completed in a turn of its own, and the I/O that
 * came in meanwhile (health, the next request, database answers) is read between two turns,
 * instead of after the whole answer of every heavy operation whose rows arrived together.
 */
export async function takeTurnIfHeavy(request: object | undefined): Promise<void> {
  if (!(request as WithPlace | undefined)?.leaveHeavyQueryGate) return;
  await new Promise<void>((resolve) => {
    turns.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(nextTurnOf);
    }
  });
}
