declare const backdatedBrand: unique symbol;

/**
 * A time an event is recorded at instead of now. Only history loaded after the fact may carry one
 * (the demo seeding, importers): a request's events are always recorded when they are appended.
 * The brand makes a plain Date unusable as `occurredAt`; `backdated()` is the only way to make one,
 * and a test (backdating.unit.spec.ts) keeps its callers to app/demo/ and infra/import/.
 */
export type Backdated = Date & { readonly [backdatedBrand]: true };

/** For the demo seeding and importers only: marks a time to record an event at. */
export function backdated(at: Date | number | string): Backdated {
  return new Date(at) as Backdated;
}
