import { EventUpcasters, type UpcastStep } from './event-upcasters';

/**
 * Every upcast step of the application, in one place: the event store built by
 * `createEventStore` (the app, the CLIs, the benches and the tests) reads through exactly these.
 * Add a step here when an event's `schemaVersion` goes up or its type is renamed, and list the
 * change in docs/events.md.
 */
export const upcastSteps: readonly UpcastStep[] = [
  // PayoutExported 1 → 2: the export now names the stored SEPA file; files of version 1 were not kept.
  {
    type: 'PayoutExported',
    from: 1,
    upcast: (data) => ({ ...(data as Record<string, unknown>), fileId: null }),
  },
];

/** The registry's steps, plus extra ones a test registers to exercise upcasting. */
export function createUpcasters(extraSteps: readonly UpcastStep[] = []): EventUpcasters {
  return new EventUpcasters([...upcastSteps, ...extraSteps]);
}
