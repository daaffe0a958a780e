// npm run snapshot -- <projection> [...more] | --all : snapshot read models now (docs/operations.md,
// "Read-model snapshots"); the leader takes them monthly by itself.
import { loadConfig } from '../../infra/config';
import { openDatabaseServer } from '../../infra/db/database';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool } from '../../infra/db/pool';
import { assertTransactionIdsSafeAt } from '../../infra/db/transaction-id-guard';
import { createLogger } from '../../infra/logger';
import { ensureCheckpoints } from '../../infra/projection-engine/catch-up-runner';
import { isSnapshotted, takeSnapshot } from '../../infra/projection-engine/read-model-snapshots';
import { projections } from '../../projections';

const args = process.argv.slice(2);
const snapshotted = projections.filter(isSnapshotted);
const known = snapshotted.map((projection) => projection.name);
const chosen = args.includes('--all') ? snapshotted : snapshotted.filter((p) => args.includes(p.name));
const unknown = args.filter((arg) => arg !== '--all' && !known.includes(arg));
if (chosen.length === 0 || unknown.length > 0) {
  console.error(`Usage: npm run snapshot -- <projection ...> | --all\nSnapshotted: ${known.join(', ')}`);
  if (unknown.length > 0) console.error(`Unknown or not snapshotted: ${unknown.join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
const database = await openDatabaseServer(config, log, { attach: true });
let failed = false;
try {
  await assertTransactionIdsSafeAt(database.url);
  await migrate(database.url, log);
  const pool = await createDatabasePool(database.url, { maxPoolSize: 2 });
  // A database the app never ran on has no checkpoints yet: its empty tables are at the feed's start.
  await ensureCheckpoints(pool, chosen);
  for (const projection of chosen) {
    const started = performance.now();
    const result = await takeSnapshot(pool, projection);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if ('skipped' in result) {
      failed = true;
      console.error(
        `${projection.name}: not taken: its live tables were built by ${result.liveVersion}, the code is ` +
          `${result.version}; rebuild it first (npm run replay -- ${projection.name}).`,
      );
      continue;
    }
    const { taken, dropped } = result;
    console.log(
      `${projection.name}: snapshot ${taken.id} (${taken.version}) of ${taken.rowsCopied} rows at ` +
        `${taken.eventsApplied} events (position ${taken.position.position}) in ${seconds} s` +
        (dropped > 0 ? `; ${dropped} older dropped` : ''),
    );
  }
  await pool.end();
} finally {
  await database.stop();
}
if (failed) process.exit(1);
