/**
 * Mercurius names each loader call by a stable JSON text of its parent object and arguments
 * (safe-stable-stringify, keys sorted): for a page of 100 cards that is every card, its text, author
 * and picture included, written out once per loaded field. Measured under 2,000 distinct heavy
 * queries it was a third of the process's CPU time and much of its garbage (docs/performance.md).
 * A parent object given its own short name here (a `toJSON` that is not enumerable, so its fields,
 * spreads and equality stay as they were) is named by that instead: two parents of the same kind
 * and id share one load, as two equal copies did before.
 */
export function namedForLoaders<T extends object>(object: T, name: string): T {
  Object.defineProperty(object, 'toJSON', { value: () => name, enumerable: false });
  return object;
}
