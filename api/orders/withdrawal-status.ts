import { WITHDRAWAL_CONSENT_STATEMENT, WITHDRAWAL_PERIOD_MS } from '../../domain/orders/withdrawal-consent';
import type { OrderRow } from './orders.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What an order shows of its consent and of the buyer's right of withdrawal, now. */
export function withdrawalStatusOf(row: OrderRow, now: Date) {
  const waiting =
    row.withdrawal_consent_asked &&
    row.withdrawal_consent_given_at === null &&
    (row.status === 'PAYMENT_RECEIVED' || row.status === 'PAYMENT_PENDING');
  const until =
    waiting && row.payment_received_at !== null ? row.payment_received_at + WITHDRAWAL_PERIOD_MS : null;
  return {
    asked: row.withdrawal_consent_asked,
    consentGivenAt: iso(row.withdrawal_consent_given_at),
    consentGivenWhere: row.withdrawal_consent_where,
    statement: WITHDRAWAL_CONSENT_STATEMENT,
    awaitingConsent: waiting,
    withdrawable: waiting && row.status === 'PAYMENT_RECEIVED' && until !== null && now.getTime() <= until,
    withdrawUntil: iso(until),
  };
}
