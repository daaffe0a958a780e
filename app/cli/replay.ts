// npm run replay -- <projection> [...more] | --all : rebuild read models from the events.
import { projections } from '../../projections';
import { loadConfig } from '../../infra/config';
import { openDatabaseServer } from '../../infra/db/database';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool } from '../../infra/db/pool';
import { assertTransactionIdsSafeAt } from '../../infra/db/transaction-id-guard';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { loadPersonalDataVault } from '../../infra/personal-data/key-source';
import { createLogger } from '../../infra/logger';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';

const args = process.argv.slice(2);
const known = projections.map((projection) => projection.name);
const chosen = args.includes('--all') ? projections : projections.filter((p) => args.includes(p.name));
const unknown = args.filter((arg) => arg !== '--all' && !known.includes(arg));
if (chosen.length === 0 || unknown.length > 0) {
  console.error(`Usage: npm run replay -- <projection ...> | --all\nProjections: ${known.join(', ')}`);
  if (unknown.length > 0) console.error(`Unknown: ${unknown.join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
const database = await openDatabaseServer(config, log, { attach: true });
try {
  await assertTransactionIdsSafeAt(database.url);
  await migrate(database.url, log);
  const pool = await createDatabasePool(database.url, { maxPoolSize: 2 });
  const store = createEventStore({
    inlineProjections: projections.filter((p) => p.mode === 'inline'),
    vault: await loadPersonalDataVault(config),
  });
  for (const projection of chosen) {
    const started = performance.now();
    const applied = await rebuildProjection({ pool, store, batchSize: 5_000, log }, projection);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${projection.name} (${projection.mode}): ${applied} events applied in ${seconds.toFixed(2)} s`,
    );
  }
  await pool.end();
} finally {
  await database.stop();
}
