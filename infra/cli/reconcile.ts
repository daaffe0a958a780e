// npm run reconcile: replay the order events into scratch tables, compare them with the live read
// models and check that every order's money adds up. Exits 1 on any difference (docs/buying.md).
import { projections } from '../../projections';
import { loadConfig } from '../config';
import { openDatabaseServer } from '../db/database';
import { migrate } from '../db/migrate';
import { createDatabasePool } from '../db/pool';
import { EventStore } from '../event-store/event-store';
import { EventUpcasters } from '../event-store/event-upcasters';
import { createLogger } from '../logger';
import { reconcileOrders } from '../reconcile/reconcile-orders';

const config = loadConfig();
const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
const database = await openDatabaseServer(config, log, { attach: true });
let failed: boolean;
try {
  await migrate(database.url, log);
  const pool = await createDatabasePool(database.url, { maxPoolSize: 2 });
  const store = new EventStore({
    upcasters: new EventUpcasters(),
    inlineProjections: projections.filter((p) => p.mode === 'inline'),
  });
  const started = performance.now();
  const report = await reconcileOrders({ pool, store });
  await pool.end();
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `orders: ${report.orders} orders from ${report.eventsReplayed} order events replayed in ${seconds} s`,
  );
  for (const difference of report.differences) {
    console.log(
      `DIFFERENCE ${difference.table}: ${difference.missingFromLive} rows of the events missing from the live table, ` +
        `${difference.unexpectedInLive} live rows the events do not give`,
    );
    for (const row of difference.samples.missingFromLive) console.log(`  expected ${JSON.stringify(row)}`);
    for (const row of difference.samples.unexpectedInLive) console.log(`  live     ${JSON.stringify(row)}`);
  }
  for (const order of report.unbalanced) {
    console.log(`UNBALANCED order ${order.externalId} (${order.orderId}, ${order.source}): ${order.problem}`);
  }
  failed = report.differences.length > 0 || report.unbalanced.length > 0;
  console.log(failed ? 'Reconciliation found differences.' : 'Everything reconciles.');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await database.stop();
}
process.exitCode = failed ? 1 : 0;
