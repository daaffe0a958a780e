import type { Projection } from '../projection-engine/projection';
import { EventStore, EventStoreUsageError } from './event-store';
import type { UpcastStep } from './event-upcasters';
import { testPersonalDataVault } from '../personal-data/key-source';
import type { PersonalDataVault } from '../personal-data/personal-data-vault';
import { createUpcasters } from './upcaster-registry';

/**
 * The one way the application builds its event store: the registry's upcasters
 * (upcaster-registry.ts) and the given inline projections.
 */
export function createEventStore(options: {
  /** Read models updated in the append's own transaction (read-your-writes). */
  inlineProjections: readonly Projection[];
  /** Only for tests: steps added to the registry's, to exercise upcasting end to end. */
  testUpcastSteps?: readonly UpcastStep[];
  /**
   * Personal data's keys (loadPersonalDataVault, from the configuration): the app and the operator
   * commands pass theirs; tests and benches go without and get the test key's.
   */
  vault?: PersonalDataVault;
}): EventStore {
  const catchUp = options.inlineProjections.filter((projection) => projection.mode !== 'inline');
  if (catchUp.length > 0) {
    throw new EventStoreUsageError(
      `Not inline projections: ${catchUp.map((projection) => projection.name).join(', ')}.`,
    );
  }
  return new EventStore({
    upcasters: createUpcasters(options.testUpcastSteps),
    inlineProjections: options.inlineProjections,
    vault: options.vault ?? testPersonalDataVault(),
  });
}
