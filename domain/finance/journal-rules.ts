import type { Cents } from '../money';
import type { VatTreatment } from '../orders/order.events';
import { ACCOUNTS, vatPayableAccount } from './chart-of-accounts';

/** One line of a journal entry: an account debited or credited (one of the two is 0). */
export type JournalLine = { account: string; debitCents: Cents; creditCents: Cents };

/**
 * What moved money: a paid order (SALE), its refund, a late payment taken and returned, a payout
 * sent to an author and one that came back (failed after it was sent).
 */
export type EntryKind =
  'SALE' | 'REFUND' | 'LATE_PAYMENT' | 'LATE_PAYMENT_RETURNED' | 'PAYOUT_SENT' | 'PAYOUT_RETURNED';

/** How VAT applied to an order; BEFORE_VAT for orders placed before the order recorded any. */
export type FinanceVatTreatment = VatTreatment | 'BEFORE_VAT';

/** An order as the journal needs it: the amounts its `OrderPlaced` recorded, never recomputed. */
export type LedgerOrder = {
  orderId: string;
  externalId: string | null;
  totalCents: Cents;
  vatCents: Cents;
  siteFeeCents: Cents;
  paymentFeeCents: Cents;
  authorShareCents: Cents;
  vat: { treatment: FinanceVatTreatment; country: string | null; rateBasisPoints: number };
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
};

/**
 * One journal entry, made from one event: its id is the event's global position (unique, and the
 * same in every rebuild). The amounts are the facts the month summary adds up; `lines` are the
 * double entry, which balances.
 */
export type JournalEntry = {
  entryId: number;
  kind: EntryKind;
  /** The event's own time (payment received, refunded, sent, failed), ISO UTC. */
  bookedAt: string;
  orderId: string | null;
  orderExternalId: string | null;
  payoutId: number | null;
  /** The invoice (SALE) or credit note (REFUND) number, once issued. */
  documentNumber: string | null;
  description: string;
  /** The money that moved: the payment, the refund, the late payment, the payout. */
  amountCents: Cents;
  /** For SALE and REFUND, the order's recorded amounts (positive); 0 otherwise. */
  vatCents: Cents;
  siteFeeCents: Cents;
  paymentFeeCents: Cents;
  authorShareCents: Cents;
  vatTreatment: FinanceVatTreatment | null;
  vatCountry: string | null;
  vatRateBasisPoints: number | null;
  lines: JournalLine[];
};

/** A line on the side its sign says (positive: debit); 0 makes no line. */
function line(account: string, signedCents: Cents): JournalLine[] {
  if (signedCents === 0) return [];
  return signedCents > 0
    ? [{ account, debitCents: signedCents, creditCents: 0 }]
    : [{ account, debitCents: 0, creditCents: -signedCents }];
}

const debit = (account: string, cents: Cents) => line(account, cents);
const credit = (account: string, cents: Cents) => line(account, -cents);

/**
 * A paid order. The provider keeps its fee, so cash grows by the payment less the fee; the fee is
 * an expense, recharged to the authors (it comes out of their share). VAT is owed to the buyer's
 * member state, the author shares to the authors, and the site fee is what is left of the payment:
 * equal to the recorded site fee whenever the order adds up (price + tip = VAT + site fee + payment
 * fee + author share, which `npm run reconcile` checks order by order), and the entry balances in
 * any case.
 */
export function saleLines(order: LedgerOrder, paidCents: Cents): JournalLine[] {
  const siteFee = paidCents - order.vatCents - order.paymentFeeCents - order.authorShareCents;
  return [
    ...debit(ACCOUNTS.CASH_AT_PROVIDER, paidCents - order.paymentFeeCents),
    ...debit(ACCOUNTS.PAYMENT_PROVIDER_FEES, order.paymentFeeCents),
    ...credit(vatPayableAccount(order.vat.country), order.vatCents),
    ...credit(ACCOUNTS.PAYABLE_TO_AUTHORS, order.authorShareCents),
    ...credit(ACCOUNTS.PAYMENT_FEES_RECHARGED, order.paymentFeeCents),
    ...credit(ACCOUNTS.SITE_FEE_REVENUE, siteFee),
  ];
}

/**
 * A refunded order: the whole payment goes back from the provider. The VAT is no longer owed (the
 * credit note), the authors lose their shares (the refund adjustments of their payouts), and the
 * rest, the site fee and the payment fee the provider keeps, is the marketplace's own loss.
 */
export function refundLines(order: LedgerOrder, refundedCents: Cents): JournalLine[] {
  return [
    ...debit(vatPayableAccount(order.vat.country), order.vatCents),
    ...debit(ACCOUNTS.PAYABLE_TO_AUTHORS, order.authorShareCents),
    ...debit(ACCOUNTS.REFUNDS, refundedCents - order.vatCents - order.authorShareCents),
    ...credit(ACCOUNTS.CASH_AT_PROVIDER, refundedCents),
  ];
}

/** A payment no order could take: held for the buyer until it is returned. */
export const latePaymentLines = (cents: Cents): JournalLine[] => [
  ...debit(ACCOUNTS.CASH_AT_PROVIDER, cents),
  ...credit(ACCOUNTS.LATE_PAYMENTS_TO_RETURN, cents),
];

export const latePaymentReturnedLines = (cents: Cents): JournalLine[] => [
  ...debit(ACCOUNTS.LATE_PAYMENTS_TO_RETURN, cents),
  ...credit(ACCOUNTS.CASH_AT_PROVIDER, cents),
];

/** A payout sent pays what the author was owed. */
export const payoutSentLines = (cents: Cents): JournalLine[] => [
  ...debit(ACCOUNTS.PAYABLE_TO_AUTHORS, cents),
  ...credit(ACCOUNTS.PAYOUTS_SENT, cents),
];

/** A sent payout that failed (returned by the bank, unclaimed at PayPal): owed again. */
export const payoutReturnedLines = (cents: Cents): JournalLine[] => [
  ...debit(ACCOUNTS.PAYOUTS_SENT, cents),
  ...credit(ACCOUNTS.PAYABLE_TO_AUTHORS, cents),
];

/** Debits minus credits of some lines (0 for a balanced entry). */
export function lineBalance(lines: readonly JournalLine[]): Cents {
  let balance = 0;
  for (const l of lines) balance += l.debitCents - l.creditCents;
  return balance;
}
