// npm run verify [-- --head=<hex> --before=<transaction id>]: checks the whole event chain (every
// event's link, no gap in a stream's versions, every stream row at its last event) and prints the
// log's head; with --head and --before, recomputes the head of the events of transactions before
// that id and compares it with one a finance export carried (docs/operations.md, "Checking the event
// log"). Names the first broken link and exits 1 on any, or on a head that differs. `npm run
// reconcile` runs the same verification.
import { sql } from 'slonik';
import { loadConfig } from '../../infra/config';
import { openDatabaseServer } from '../../infra/db/database';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool } from '../../infra/db/pool';
import { assertTransactionIdsSafeAt } from '../../infra/db/transaction-id-guard';
import {
  chainHead,
  chainHeadLine,
  formatChainVerification,
  verifyEventChain,
} from '../../infra/event-store/event-chain';
import { createLogger } from '../../infra/logger';

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const exportedHead = option('head')
  ?.replace(/^sha256:/, '')
  .toLowerCase();
const exportedBefore = option('before');

const config = loadConfig();
const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
const database = await openDatabaseServer(config, log, { attach: true });
let failed: boolean;
try {
  if ((exportedHead === undefined) !== (exportedBefore === undefined)) {
    throw new Error('Give both --head=<hex> and --before=<transaction id> (as the export states them).');
  }
  await assertTransactionIdsSafeAt(database.url);
  await migrate(database.url, log);
  const pool = await createDatabasePool(database.url, { maxPoolSize: 1 });
  const { report, head, earlier } = await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read`);
    // The verification sorts and keeps every event once: room to do it in memory.
    await tx.query(sql.unsafe`set local work_mem = '256MB'`);
    return {
      report: await verifyEventChain(tx),
      head: await chainHead(tx),
      earlier: exportedBefore === undefined ? null : await chainHead(tx, { before: exportedBefore }),
    };
  });
  await pool.end();
  for (const line of formatChainVerification(report)) console.log(line);
  console.log(`head: ${chainHeadLine(head)}`);
  failed = report.brokenCount > 0;
  if (earlier) {
    const same = earlier.hash === exportedHead;
    console.log(
      same
        ? `The exported head matches the log: ${chainHeadLine(earlier)}`
        : `HEAD DIFFERS: the export says sha256:${exportedHead}, the log gives ${chainHeadLine(earlier)}`,
    );
    failed ||= !same;
  }
  console.log(failed ? 'The event log does not verify.' : 'The event log verifies.');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await database.stop();
}
process.exitCode = failed ? 1 : 0;
