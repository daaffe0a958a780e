import { Badge } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { PaymentStatus } from '../graphql/generated/graphql';
import { paymentStatusLabels } from '../../../../domain/orders/order.events';

const statusColors: Record<PaymentStatus, MantineColor> = {
  BEFORE_CHECKOUT: 'gray',
  PAYMENT_ON_THE_WAY: 'yellow',
  PAYMENT_PENDING: 'orange',
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
      {paymentStatusLabels[status]}
    </Badge>
  );
}
