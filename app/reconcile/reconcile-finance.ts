import { sql } from 'slonik';
import { z } from 'zod';
import { financeMonthSummaries } from '../../api/finance/finance.repository';
import { FINANCE_EVENT_TYPES, FinanceLedger, type FinanceEvent } from '../../domain/finance/finance-ledger';
import { monthSummaries, type MonthSummary } from '../../domain/finance/month-summary';
import { formatEuros } from '../../domain/money';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { isEventOf, type FeedCheckpoint } from '../../infra/event-store/event-store';
import type { ReconcileCheck } from './scratch-replay';

const isFinanceEvent = isEventOf<FinanceEvent>(FINANCE_EVENT_TYPES);
const FINANCE_PROJECTION = 'finance-journal';
/** Findings named per month at most, so one broken month does not flood the report. */
const FINDINGS_PER_MONTH = 5;

/** A month whose figures differ, or that does not tie out, or an entry that does not balance. */
export type FinanceFinding = { month: string | null; what: string };

export type FinanceReconciliation = {
  /** Finance events up to the finance journal's checkpoint, booked again. */
  eventsRead: number;
  months: string[];
  findings: FinanceFinding[];
};

const atOrBefore = (event: { transactionId: string; globalPosition: number }, checkpoint: FeedCheckpoint) => {
  const tx = BigInt(event.transactionId);
  const at = BigInt(checkpoint.transactionId);
  return tx < at || (tx === at && event.globalPosition <= checkpoint.position);
};

/** Every amount of a summary with its path (`sales.grossCents`), and the other figures. */
function figures(value: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'vat' && Array.isArray(inner)) {
        for (const row of inner as MonthSummary['vat']) {
          const rowKey = `vat[${row.treatment} ${(row.country ?? '-').toUpperCase()} ${row.rateBasisPoints / 100} %]`;
          for (const [name, figure] of figures(row, rowKey)) out.set(name, figure);
        }
      } else {
        for (const [name, figure] of figures(inner, path ? `${path}.${key}` : key)) out.set(name, figure);
      }
    }
  } else {
    out.set(path, Array.isArray(value) ? value.join(' ') : value);
  }
  return out;
}

const shown = (name: string, value: unknown) =>
  value === undefined
    ? 'nothing'
    : name.endsWith('Cents') && typeof value === 'number'
      ? `${formatEuros(value)} EUR`
      : JSON.stringify(value);

/** How the projection's month differs from the month recomputed from the events. */
export function summaryDifferences(
  expected: MonthSummary | undefined,
  found: MonthSummary | undefined,
): string[] {
  const want = figures(expected ?? {});
  const got = figures(found ?? {});
  const differences: string[] = [];
  for (const name of new Set([...want.keys(), ...got.keys()])) {
    // Whether a month ties out and balances is its own finding (below), not a figure to compare.
    if (name.endsWith('.tiesOut') || name.endsWith('.balanced')) continue;
    if (want.get(name) !== got.get(name)) {
      differences.push(
        `${name}: expected ${shown(name, want.get(name))}, found ${shown(name, got.get(name))}`,
      );
    }
  }
  return differences;
}

function identityLine(summary: MonthSummary): string {
  const o = summary.owedToAuthors;
  const eur = (cents: number) => `${formatEuros(cents)} EUR`;
  return (
    `owed to authors does not tie out: opening ${eur(o.openingCents)} + shares ${eur(o.sharesCents)} − refund ` +
    `adjustments ${eur(o.refundAdjustmentsCents)} − paid out ${eur(o.paidOutCents)} ≠ closing ${eur(o.closingCents)}`
  );
}

/** What the journal's rows say, read alongside the replay. */
export type FinanceJournalRows = {
  summaries: Map<string, MonthSummary>;
  unbalanced: { entry_id: number; debit: number; credit: number }[];
};

/**
 * The finance part of `npm run reconcile` (docs/finance.md). The money events up to the finance
 * journal's checkpoint (it runs behind the feed and writes its checkpoint with its rows, so in one
 * snapshot the two agree) are booked again in memory by the domain's rules (`booked`, fed by the
 * replay's read of the events), each month is added up, and compared figure by figure with the
 * month the journal's rows give, added up in SQL on a connection of its own alongside the replay
 * (`journal`); each month of the journal must also tie out (opening owed + shares − refund
 * adjustments − paid out = closing owed, closing read off the payable account's lines) and
 * balance, and every entry must balance. Without a free connection for `journal` when the events
 * are all booked, the rows are read on the replay's own.
 */
export function financeChecks(): {
  booked: ReconcileCheck<FinanceReconciliation>;
  journal: ReconcileCheck<FinanceJournalRows>;
} {
  let checkpoint: FeedCheckpoint | null = null;
  const ledger = new FinanceLedger();
  let eventsRead = 0;
  let journalRows: Promise<FinanceJournalRows> | null = null;
  return {
    journal: {
      tables: [],
      projections: [],
      alongside: (tx) => {
        journalRows = readJournalRows(tx);
        return journalRows;
      },
    },
    booked: {
      tables: [],
      projections: [],
      async start(tx) {
        const row = await tx.maybeOne(sql.type(
          z.object({ transaction_id: z.string(), position: z.number() }),
        )`
          select last_transaction_id::text as transaction_id, last_position as position
          from projection_checkpoints where projection_name = ${FINANCE_PROJECTION}`);
        checkpoint = row ? { transactionId: row.transaction_id, position: row.position } : null;
      },
      observes: FINANCE_EVENT_TYPES,
      observe(events) {
        if (!checkpoint) return;
        for (const event of events) {
          if (!isFinanceEvent(event) || !atOrBefore(event, checkpoint)) continue;
          eventsRead += 1;
          ledger.book(event, event.globalPosition);
        }
      },
      finish: async (tx) => compareFinance(ledger, eventsRead, await (journalRows ?? readJournalRows(tx))),
    },
  };
}

async function readJournalRows(tx: DatabaseTransactionConnection): Promise<FinanceJournalRows> {
  const summaries = await financeMonthSummaries(tx);
  const unbalanced = await tx.any(sql.type(
    z.object({ entry_id: z.number(), debit: z.number(), credit: z.number() }),
  )`
    select entry_id, sum(debit_cents)::int8 as debit, sum(credit_cents)::int8 as credit
    from finance_journal_lines group by entry_id having sum(debit_cents) <> sum(credit_cents)
    order by entry_id limit 10`);
  return { summaries, unbalanced: [...unbalanced] };
}

function compareFinance(
  ledger: FinanceLedger,
  eventsRead: number,
  { summaries: live, unbalanced }: FinanceJournalRows,
): FinanceReconciliation {
  const findings: FinanceFinding[] = [];
  const expected = monthSummaries(ledger.entries);
  const months = [...new Set([...expected.keys(), ...live.keys()])].sort();
  for (const month of months) {
    const found = live.get(month);
    const differences = summaryDifferences(expected.get(month), found);
    for (const what of differences.slice(0, FINDINGS_PER_MONTH)) findings.push({ month, what });
    if (differences.length > FINDINGS_PER_MONTH) {
      findings.push({ month, what: `… and ${differences.length - FINDINGS_PER_MONTH} more figures differ` });
    }
    if (found && !found.owedToAuthors.tiesOut) findings.push({ month, what: identityLine(found) });
    if (found && !found.journal.balanced) {
      findings.push({
        month,
        what: `the journal does not balance: debits ${formatEuros(found.journal.debitCents)} EUR, credits ${formatEuros(found.journal.creditCents)} EUR`,
      });
    }
  }
  for (const entry of unbalanced) {
    findings.push({
      month: null,
      what: `entry ${entry.entry_id} does not balance: debits ${formatEuros(entry.debit)} EUR, credits ${formatEuros(entry.credit)} EUR`,
    });
  }
  return { eventsRead, months, findings };
}

/** One line of the report for a finding. */
export function financeFindingLine(finding: FinanceFinding): string {
  return `FINANCE ${finding.month ? `month ${finding.month}` : 'journal'}: ${finding.what}`;
}
