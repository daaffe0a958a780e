import { EventUpcasters, type UpcastStep } from './event-upcasters';

/**
 * Every upcast step of the application, in one place: the event store built by
 * `createEventStore` (the app, the CLIs, the benches and the tests) reads through exactly these.
 * Add a step here when an event's `schemaVersion` goes up or its type is renamed, and list the
 * change in docs/events.md. No event has changed shape yet, so there is no step today.
 */
export const upcastSteps: readonly UpcastStep[] = [];

/** The registry's steps, plus extra ones a test registers to exercise upcasting. */
export function createUpcasters(extraSteps: readonly UpcastStep[] = []): EventUpcasters {
  return new EventUpcasters([...upcastSteps, ...extraSteps]);
}
