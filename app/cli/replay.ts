// npm run replay -- <projection> [...more] | --all [--from-start] : rebuild read models from the events.
// A snapshotted projection starts from its latest snapshot of the running version (docs/operations.md,
// "Read-model snapshots"); --from-start replays every one from the first event.
import { projections } from '../../projections';
import { loadConfig } from '../../infra/config';
import { openDatabaseServer } from '../../infra/db/database';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool } from '../../infra/db/pool';
import { assertTransactionIdsSafeAt } from '../../infra/db/transaction-id-guard';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { loadPersonalDataVault } from '../../infra/personal-data/key-source';
import { createLogger } from '../../infra/logger';
import { rebuildWithSnapshots } from '../../infra/projection-engine/read-model-snapshots';

const args = process.argv.slice(2);
const known = projections.map((projection) => projection.name);
const chosen = args.includes('--all') ? projections : projections.filter((p) => args.includes(p.name));
const fromStart = args.includes('--from-start');
const unknown = args.filter((arg) => arg !== '--all' && arg !== '--from-start' && !known.includes(arg));
if (chosen.length === 0 || unknown.length > 0) {
  console.error(
    `Usage: npm run replay -- <projection ...> | --all [--from-start]\nProjections: ${known.join(', ')}`,
  );
  if (unknown.length > 0) console.error(`Unknown: ${unknown.join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
const database = await openDatabaseServer(config, log, { attach: true });
try {
  await assertTransactionIdsSafeAt(database.url);
  await migrate(database.url, log);
  // A rebuild copies, compares and swaps whole tables: the requests' 30 s statement limit would stop a
  // large one (as for restore, the operator's command gets hours).
  const pool = await createDatabasePool(database.url, { maxPoolSize: 2, statementTimeoutMs: 6 * 3600_000 });
  const store = createEventStore({
    inlineProjections: projections.filter((p) => p.mode === 'inline'),
    vault: await loadPersonalDataVault(config),
  });
  for (const projection of chosen) {
    const started = performance.now();
    const { applied, fromSnapshot } = await rebuildWithSnapshots(
      { pool, store, batchSize: 5_000, log, fromStart },
      projection,
    );
    const seconds = (performance.now() - started) / 1000;
    const from = fromSnapshot
      ? `from snapshot ${fromSnapshot.id} (${fromSnapshot.monthEnding ? `end of ${fromSnapshot.monthEnding.slice(0, 7)}` : 'taken by hand'}, ${fromSnapshot.eventsApplied} events, position ${fromSnapshot.position.position})`
      : 'from the first event';
    console.log(
      `${projection.name} (${projection.mode}): ${applied} events applied ${from} in ${seconds.toFixed(2)} s`,
    );
  }
  await pool.end();
} finally {
  await database.stop();
}
