import type { AppendRequest, EventStore } from '../../infra/event-store/event-store';

/**
 * Test-only seams for the commands with an outside step: each wraps a real dependency, delegates to
 * it, and throws once when armed, so a command fails between its outside call and its append. The
 * product never sees a flag: the test swaps the wrapper into the app's context.
 */
export type Armed = { arm(): void; readonly fired: number };

/**
 * The method's real call happens (the provider moves the money, the stand-in answers), then the
 * answer is lost once: as if the process died before it could record it.
 */
export function throwAfterCall<T extends object, K extends keyof T>(
  target: T,
  method: K,
  onCall: (args: unknown[], result: unknown) => void,
): T & Armed {
  let armed = false;
  let fired = 0;
  const wrapper = Object.create(target) as T & Armed;
  Object.defineProperty(wrapper, method, {
    value: async (...args: unknown[]) => {
      const result = await (target[method] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      onCall(args, result);
      if (armed) {
        armed = false;
        fired++;
        throw new Error(`simulated crash after ${String(method)} answered`);
      }
      return result;
    },
  });
  Object.defineProperty(wrapper, 'arm', { value: () => (armed = true) });
  Object.defineProperty(wrapper, 'fired', { get: () => fired });
  return wrapper;
}

/**
 * The store's append fails once, before writing, for the first append that holds an event of
 * `eventType`: the outside step (a stored file, hashed files) has happened, its record has not.
 */
export function appendFailingOnce(store: EventStore, eventType: string): EventStore & Armed {
  let armed = false;
  let fired = 0;
  const wrapper = Object.create(store) as EventStore & Armed;
  Object.defineProperty(wrapper, 'append', {
    value: async (...args: Parameters<EventStore['append']>) => {
      const [, requests] = args;
      const list: readonly AppendRequest[] = Array.isArray(requests) ? requests : [requests as AppendRequest];
      if (armed && list.some((request) => request.events.some((event) => event.type === eventType))) {
        armed = false;
        fired++;
        throw new Error(`simulated crash before ${eventType} was appended`);
      }
      return store.append(...args);
    },
  });
  Object.defineProperty(wrapper, 'arm', { value: () => (armed = true) });
  Object.defineProperty(wrapper, 'fired', { get: () => fired });
  return wrapper;
}
