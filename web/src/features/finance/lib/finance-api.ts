/** The finance month as `GET /api/admin/finance/months/{month}` answers it (euros). */
export interface FinanceVatRow {
  treatment: string;
  country: string | null;
  rateBasisPoints: number;
  salesCount: number;
  salesNet: number;
  salesVat: number;
  refundCount: number;
  refundedNet: number;
  refundedVat: number;
  net: number;
  vat: number;
}

export interface FinanceMonth {
  month: string;
  quarter: string;
  sales: {
    count: number;
    gross: number;
    vat: number;
    net: number;
    siteFee: number;
    paymentFee: number;
    authorShare: number;
    invoiced: number;
  };
  vat: FinanceVatRow[];
  refunds: {
    count: number;
    gross: number;
    vat: number;
    net: number;
    authorShare: number;
    sitePart: number;
    creditNoteNumbers: string[];
  };
  latePayments: { receivedCount: number; received: number; returnedCount: number; returned: number };
  payouts: { sentCount: number; sent: number; returnedCount: number; returned: number };
  owedToAuthors: {
    opening: number;
    shares: number;
    refundAdjustments: number;
    paidOut: number;
    closing: number;
    tiesOut: boolean;
  };
  journal: { entries: number; lines: number; debit: number; credit: number; balanced: boolean };
}

/** A GET of the admin finance API with the session token; throws with the server's message. */
export async function getFinance<T>(path: string, token: string | null): Promise<T> {
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${response.status}`);
  }
  return (await response.json()) as T;
}

/** The month before the current one (UTC): the last full month. */
export function lastFullMonth(now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}

/** The month to show first: the last full month when it has entries, else the newest that has. */
export function defaultMonth(months: readonly string[], now = new Date()): string | null {
  const full = lastFullMonth(now);
  return months.find((month) => month <= full) ?? months[0] ?? null;
}
