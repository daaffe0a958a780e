import { Badge } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import type { PayoutStatus } from '../graphql/generated/graphql';
import { payoutsMessages } from './payouts.messages';
import classes from './payouts.module.css';

/** Spec 4: grey while collecting, olive once locked, green when sent, red on a failed transfer. */
export const payoutStatusColors: Record<PayoutStatus, string> = {
  PENDING: 'gray',
  LOCKED: 'olive',
  SENT: 'green',
  ERROR: 'red',
};

/** The status colour as a CSS value, for stripes and chart accents. */
export const payoutStatusAccents: Record<PayoutStatus, string> = {
  PENDING: 'var(--mantine-color-gray-6)',
  LOCKED: 'var(--mantine-color-olive-6)',
  SENT: 'var(--mantine-color-green-6)',
  ERROR: 'var(--mantine-color-red-6)',
};

/** A payout's status with the spec's label and colour: My Payouts, the admin pages, the guide. */
export function PayoutStatusBadge({
  status,
  size = 'lg',
}: {
  status: PayoutStatus;
  size?: BadgeProps['size'];
}) {
  return (
    <Badge
      variant="light"
      color={payoutStatusColors[status]}
      className={status === 'PENDING' ? classes.pendingBadge : undefined}
      size={size}
      radius="sm"
      maw="none"
      styles={{ label: { overflow: 'visible' } }}
      style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {payoutsMessages.status[status]}
    </Badge>
  );
}
