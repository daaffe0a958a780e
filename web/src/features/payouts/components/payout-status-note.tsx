import { Anchor, Text } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import { Link } from 'react-router';
import type { PayoutStatus } from '../../../shared/graphql/generated/graphql';
import { payoutsMessages as messages } from '../../../shared/payouts/payouts.messages';

/** One line telling the author what the status means; a failed one links to the payout details. */
export function PayoutStatusNote({ status, ...props }: { status: PayoutStatus } & TextProps) {
  if (status !== 'ERROR') {
    return (
      <Text size="sm" c="dimmed" {...props}>
        {messages.statusText[status]}
      </Text>
    );
  }
  return (
    <Text size="sm" c="var(--mantine-color-red-text)" {...props}>
      {messages.errorText.before}
      <Anchor component={Link} to="/me/settings" inherit fw={700} underline="always">
        {messages.errorText.link}
      </Anchor>
      {messages.errorText.after}
    </Text>
  );
}
