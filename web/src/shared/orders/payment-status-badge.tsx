import { Badge } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { PaymentStatus } from '../graphql/generated/graphql';
import { ordersMessages } from './orders.messages';

const statusColors: Record<PaymentStatus, MantineColor> = {
  BEFORE_CHECKOUT: 'gray',
  PAYMENT_ON_THE_WAY: 'yellow',
  PAYMENT_RECEIVED: 'teal',
  CANCELLED: 'red',
  REFUNDED: 'magenta',
};

/** An order's payment status with the spec's label (spec 4). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge
      variant="light"
      color={statusColors[status]}
      radius="sm"
      maw="none"
      styles={{ label: { overflow: 'visible' } }}
      style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {ordersMessages.status[status]}
    </Badge>
  );
}

/** The statuses in the order an order goes through them, for filters. */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'BEFORE_CHECKOUT',
  'PAYMENT_ON_THE_WAY',
  'PAYMENT_RECEIVED',
  'CANCELLED',
  'REFUNDED',
];
