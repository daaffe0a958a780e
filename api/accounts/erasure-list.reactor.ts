import type { Reactor } from '../../infra/projection-engine/projection';
import { addToErasureList, erasuresInDatabase } from '../../infra/personal-data/erasure-list';

/**
 * Copies each erasure (an account deleted: its keys destroyed in the deletion's transaction) into
 * the erasure list kept outside the database, right after the deletion commits, so that a backup
 * made before it and restored later gets it applied again (docs/personal-data.md, "Backups").
 * Adding a listed person again changes nothing, so a batch taken twice is harmless.
 */
export function erasureListReactor(deps: { erasuresFile: string }): Reactor {
  return {
    name: 'personal-data-erasure-list',
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: ['AccountDeleted'],
    async apply(tx, events) {
      if (events.length === 0) return;
      await addToErasureList(deps.erasuresFile, await erasuresInDatabase(tx));
    },
  };
}
