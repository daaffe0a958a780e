import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatAmount, formatDate } from '../../../shared/format';
import type { PayoutCardFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { amountLabel, payoutContents, payoutDateFact } from '../lib/payout-dates';
import { PayoutStatusBadge } from '../../../shared/payouts/payout-status-badge';
import { PayoutStatusNote } from './payout-status-note';
import { payoutsMessages as messages } from '../../../shared/payouts/payouts.messages';
import classes from '../../../shared/payouts/payouts.module.css';

/** One payout in a list: the whole card opens the payout. */
export function PayoutListCard({ payout, to }: { payout: PayoutCardFieldsFragment; to: string }) {
  const date = payoutDateFact(payout);
  return (
    <Card withBorder padding="md" className={classes.listCard} component="article">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap="sm" wrap="nowrap">
            <PayoutStatusBadge status={payout.payoutStatus} size="md" />
            <Title order={2} fz="lg" lh={1.2}>
              <Link to={to} className={classes.stretchedLink}>
                {messages.title(payout.id)}
              </Link>
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {messages.created} <time dateTime={payout.createdAt}>{formatDate(payout.createdAt)}</time>
            {' · '}
            {payoutContents(payout)}
          </Text>
          <PayoutStatusNote status={payout.payoutStatus} size="xs" className={classes.raised} />
        </Stack>
        <Stack gap={2} align="flex-end" ml="auto">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
            {amountLabel(payout.payoutStatus)}
          </Text>
          <Text className={classes.amount} fz={26} c={payout.amount < 0 ? 'red' : undefined}>
            {formatAmount(payout.amount)}
          </Text>
          {date ? (
            <Text size="xs" c="dimmed" ta="right">
              {date.label}: <strong>{date.value}</strong>
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
