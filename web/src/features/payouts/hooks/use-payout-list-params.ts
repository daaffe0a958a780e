import { useSearchParams } from 'react-router';
import type { PayoutStatus } from '../../../shared/graphql/generated/graphql';

export const PAYOUT_STATUSES: readonly PayoutStatus[] = ['PENDING', 'LOCKED', 'SENT', 'ERROR'];

const isStatus = (value: string | null): value is PayoutStatus =>
  value !== null && (PAYOUT_STATUSES as readonly string[]).includes(value);

/**
 * The status filter and the page of a payouts list, kept in the address (`?status=SENT&page=2`) so
 * that going back from a payout returns to the same list.
 */
export function usePayoutListParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));

  const update = (next: { status?: PayoutStatus | null; page?: number }) => {
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next.status !== undefined) {
          if (next.status) out.set('status', next.status);
          else out.delete('status');
          out.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) out.set('page', String(next.page));
          else out.delete('page');
        }
        return out;
      },
      { replace: next.page === undefined },
    );
  };

  return {
    status,
    /** 1-based. */
    page,
    setStatus: (value: PayoutStatus | null) => update({ status: value }),
    setPage: (value: number) => update({ page: value }),
  };
}
