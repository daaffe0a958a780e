// npm run reconcile: replay the order and payout events into scratch tables, compare them with the
// live read models, check that every order's money adds up and the payout invariants hold (each
// author's payout lines are their allocated shares), and recompute every order's fees, payment,
// refund and ownership from its events, stream by stream (app/reconcile/recompute-orders.ts), and
// book the money events again into every month of the finance journal (docs/finance.md).
// Prints each finding and exits 1 on any (docs/buying.md). Uses seven connections: the replay's
// events are read ahead on one, and the recomputation, the sales statistics, the per-item sales,
// the event chain and the finance journal's rows are checked alongside the replay, in the same
// snapshot.
import { projections } from '../../projections';
import { loadConfig } from '../../infra/config';
import { openDatabaseServer } from '../../infra/db/database';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool } from '../../infra/db/pool';
import { assertTransactionIdsSafeAt } from '../../infra/db/transaction-id-guard';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { loadPersonalDataVault } from '../../infra/personal-data/key-source';
import { createLogger } from '../../infra/logger';
import { formatReconciliation, reconcileAll } from '../reconcile/reconcile';

const config = loadConfig();
const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
const database = await openDatabaseServer(config, log, { attach: true });
let failed: boolean;
try {
  await assertTransactionIdsSafeAt(database.url);
  await migrate(database.url, log);
  // The replay, its reader, and five checks alongside it: the recomputation, the sales, the per-item
  // sales, the event chain, the finance journal's rows.
  const pool = await createDatabasePool(database.url, { maxPoolSize: 7 });
  const store = createEventStore({
    inlineProjections: projections.filter((p) => p.mode === 'inline'),
    vault: await loadPersonalDataVault(config),
  });
  const report = await reconcileAll({ pool, store });
  await pool.end();
  for (const line of formatReconciliation(report)) console.log(line);
  failed = report.differences > 0;
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await database.stop();
}
process.exitCode = failed ? 1 : 0;
