/**
 * The marketplace's chart of accounts for the finance journal (docs/finance.md). Small on purpose:
 * one account per kind of money the events record. Codes are what the journal export carries; the
 * bookkeeper maps them onto the statutory chart once.
 */
export const ACCOUNTS = {
  /** Asset: buyers' money held by the payment providers (card provider, PayPal), net of their fees. */
  CASH_AT_PROVIDER: '1100',
  /**
   * Clearing (credit balance): payouts sent to authors by bank transfer or PayPal, to be matched
   * against the bank and PayPal statements.
   */
  PAYOUTS_SENT: '1900',
  /** Liability: what authors have earned and not been sent yet. */
  PAYABLE_TO_AUTHORS: '2100',
  /** Liability: payments taken that no order could take; returned automatically. */
  LATE_PAYMENTS_TO_RETURN: '2200',
  /** Revenue: the site fee. */
  SITE_FEE_REVENUE: '4000',
  /** Revenue: the payment providers' fees, which come out of the author's share (they bear them). */
  PAYMENT_FEES_RECHARGED: '4100',
  /** Contra-revenue: what the marketplace gives back of its own in a refund (site fee and payment fee). */
  REFUNDS: '4900',
  /** Expense: the payment providers' fees (kept by them, also on refunded orders). */
  PAYMENT_PROVIDER_FEES: '5200',
} as const;

/** VAT payable to one member state: `2300-DE` (the home country's is the domestic return's). */
const VAT_PAYABLE_PREFIX = '2300-';

export function vatPayableAccount(country: string | null): string {
  return `${VAT_PAYABLE_PREFIX}${(country ?? 'xx').toUpperCase()}`;
}

const NAMES: Record<string, string> = {
  [ACCOUNTS.CASH_AT_PROVIDER]: 'Cash at payment providers',
  [ACCOUNTS.PAYOUTS_SENT]: 'Payouts sent to authors (clearing)',
  [ACCOUNTS.PAYABLE_TO_AUTHORS]: 'Payable to authors',
  [ACCOUNTS.LATE_PAYMENTS_TO_RETURN]: 'Late payments to return',
  [ACCOUNTS.SITE_FEE_REVENUE]: 'Site fee revenue',
  [ACCOUNTS.PAYMENT_FEES_RECHARGED]: 'Payment fees borne by authors',
  [ACCOUNTS.REFUNDS]: 'Refunds (the site’s part)',
  [ACCOUNTS.PAYMENT_PROVIDER_FEES]: 'Payment provider fees',
};

/** The account's name as the journal export and the admin page show it. */
export function accountName(account: string): string {
  if (account.startsWith(VAT_PAYABLE_PREFIX)) {
    return `VAT payable, ${account.slice(VAT_PAYABLE_PREFIX.length)}`;
  }
  return NAMES[account] ?? account;
}
