import { Badge } from '@mantine/core';

export type PayoutStatus = 'PENDING' | 'LOCKED' | 'SENT' | 'ERROR';

const look: Record<PayoutStatus, { label: string; color: string }> = {
  PENDING: { label: 'Pending', color: 'gray' },
  LOCKED: { label: 'Locked', color: '#a4b43c' },
  SENT: { label: 'Sent', color: 'green' },
  ERROR: { label: 'Error', color: 'red' },
};

/** The payout status as authors see it on My Payouts (grey, olive, green, red). */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { label, color } = look[status];
  return (
    <Badge variant="light" color={color} size="lg" radius="sm">
      {label}
    </Badge>
  );
}
