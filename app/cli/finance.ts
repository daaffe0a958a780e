// npm run finance -- --month YYYY-MM [--oss YYYY-Qn] [--out <folder>]: the finance month from the
// finance journal (docs/finance.md). Brings the journal up to the events first (beside a running app,
// which then does it itself), then writes into the folder (default: the current one):
//   finance-YYYY-MM-summary.json, finance-YYYY-MM-summary.csv, finance-YYYY-MM-journal.csv,
//   and with --oss the quarter's One-Stop-Shop return, oss-return-YYYY-Qn.csv;
// and prints the month's figures with the owed-to-authors identity. Exits 1 when the month does not
// tie out (the identity or the journal's balance fails), 2 on bad arguments.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { financeMonth, journalEntriesOfMonth, ossQuarter } from '../../api/finance/finance.repository';
import { inEuros, journalCsv, ossCsv, summaryCsv } from '../../domain/finance/finance-exports';
import { isMonth, isQuarter, type MonthSummary } from '../../domain/finance/month-summary';
import { formatEuros } from '../../domain/money';
import { loadConfig } from '../../infra/config';
import { openDatabaseServer } from '../../infra/db/database';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool } from '../../infra/db/pool';
import { assertTransactionIdsSafeAt } from '../../infra/db/transaction-id-guard';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { loadPersonalDataVault } from '../../infra/personal-data/key-source';
import { createLogger } from '../../infra/logger';
import { ensureCheckpoints, runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { projections } from '../../projections';
import { financeJournalProjection } from '../../projections/finance-journal.projection';

const usage = 'Usage: npm run finance -- --month YYYY-MM [--oss YYYY-Qn] [--out <folder>]';
let options: { month?: string; oss?: string; out?: string };
try {
  options = parseArgs({
    options: { month: { type: 'string' }, oss: { type: 'string' }, out: { type: 'string' } },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if ((!options.month && !options.oss) || (options.month && !isMonth(options.month))) {
  console.error(`Give the month as --month YYYY-MM (e.g. 2026-10).\n${usage}`);
  process.exit(2);
}
if (options.oss && !isQuarter(options.oss)) {
  console.error(`Give the quarter as --oss YYYY-Qn (e.g. 2026-Q4).\n${usage}`);
  process.exit(2);
}
const out = path.resolve(options.out ?? '.');

const eur = (cents: number) => `${formatEuros(cents)} EUR`;
function summaryLines(s: MonthSummary): string[] {
  const owed = s.owedToAuthors;
  return [
    `finance month ${s.month} (UTC)`,
    `  sales: ${s.sales.count}, gross ${eur(s.sales.grossCents)}, VAT ${eur(s.sales.vatCents)}, net ${eur(s.sales.netCents)}`,
    `  site fees ${eur(s.sales.siteFeeCents)}, payment provider fees ${eur(s.sales.paymentFeeCents)}, author shares ${eur(s.sales.authorShareCents)}`,
    ...s.vat.map(
      (row) =>
        `  VAT ${row.treatment} ${(row.country ?? '-').toUpperCase()} ${row.rateBasisPoints / 100} %: net ${eur(row.netCents)}, VAT ${eur(row.vatCents)}`,
    ),
    `  refunds: ${s.refunds.count}, gross ${eur(s.refunds.grossCents)} (VAT ${eur(s.refunds.vatCents)}, author shares ${eur(s.refunds.authorShareCents)}), credit notes ${s.refunds.creditNoteNumbers.length}`,
    `  payouts sent: ${s.payouts.sentCount}, ${eur(s.payouts.sentCents)}; returned: ${s.payouts.returnedCount}, ${eur(s.payouts.returnedCents)}`,
    `  owed to authors: opening ${eur(owed.openingCents)} + shares ${eur(owed.sharesCents)} − refund adjustments ` +
      `${eur(owed.refundAdjustmentsCents)} − paid out ${eur(owed.paidOutCents)} = closing ${eur(owed.closingCents)}: ` +
      (owed.tiesOut ? 'ties out' : 'DOES NOT TIE OUT'),
    `  journal: ${s.journal.entries} entries, ${s.journal.lines} lines, debits ${eur(s.journal.debitCents)}, credits ${eur(s.journal.creditCents)}` +
      (s.journal.balanced ? '' : ' — NOT BALANCED'),
  ];
}

const config = loadConfig();
const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
const database = await openDatabaseServer(config, log, { attach: true });
let failed = false;
try {
  await assertTransactionIdsSafeAt(database.url);
  await migrate(database.url, log);
  const pool = await createDatabasePool(database.url, { maxPoolSize: 2 });
  const store = createEventStore({
    inlineProjections: projections.filter((p) => p.mode === 'inline'),
    vault: await loadPersonalDataVault(config),
  });
  await ensureCheckpoints(pool, [financeJournalProjection]);
  await runUntilCaughtUp({ pool, store, batchSize: 5_000 }, financeJournalProjection);
  await mkdir(out, { recursive: true });
  const written: string[] = [];
  const write = async (name: string, text: string) => {
    await writeFile(path.join(out, name), text);
    written.push(path.join(out, name));
  };
  if (options.month) {
    const summary = await financeMonth(pool, options.month);
    const entries = await journalEntriesOfMonth(pool, options.month);
    for (const line of summaryLines(summary)) console.log(line);
    await write(`finance-${options.month}-summary.json`, `${JSON.stringify(inEuros(summary), null, 2)}\n`);
    await write(`finance-${options.month}-summary.csv`, summaryCsv(summary));
    await write(`finance-${options.month}-journal.csv`, journalCsv(entries));
    failed = !summary.owedToAuthors.tiesOut || !summary.journal.balanced;
  }
  if (options.oss) {
    const rows = await ossQuarter(pool, options.oss);
    console.log(
      `OSS return ${options.oss}: ${rows.length} member state and rate rows, taxable ` +
        `${eur(rows.reduce((s, r) => s + r.taxableCents, 0))}, VAT ${eur(rows.reduce((s, r) => s + r.vatCents, 0))}`,
    );
    await write(`oss-return-${options.oss}.csv`, ossCsv(rows));
  }
  for (const file of written) console.log(`wrote ${file}`);
  await pool.end();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await database.stop();
}
process.exitCode = failed ? 1 : 0;
