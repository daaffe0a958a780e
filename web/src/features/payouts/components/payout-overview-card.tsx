import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSettings } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatAmount, formatDate } from '../../../shared/format';
import { MyPayoutOverviewQuery } from '../../../shared/payouts/payout-preferences.documents';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import classes from '../../../shared/payouts/payouts.module.css';
import { accountMessages } from '../account-payouts.messages';

const texts = accountMessages.overview;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2} miw={180} style={{ flex: '1 1 180px' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/**
 * My Payouts' first card: the open payout's balance (negative after refunds of items already paid
 * out, with what was taken back and from which order), the author's schedule and threshold, and
 * when the schedule next locks.
 */
export function PayoutOverviewCard() {
  const [result] = useQuery({ query: MyPayoutOverviewQuery, requestPolicy: 'cache-and-network' });
  useEffect(() => {
    if (result.error) console.error('myPayoutOverview failed', result.error);
  }, [result.error]);
  const overview = result.data?.myPayoutOverview;
  if (!overview) {
    return result.error ? (
      <Alert color="red" variant="light" role="alert" mb="md">
        {texts.loadFailed}
      </Alert>
    ) : (
      <Skeleton h={150} radius="md" mb="md" />
    );
  }
  const { preferences } = overview;
  let nextLock: string;
  if (preferences.held) nextLock = texts.held;
  else if (overview.payoutMethod === 'PAYPAL') nextLock = texts.paypal;
  else if (!overview.payoutMethod) nextLock = texts.noMethod;
  else if (overview.nextLock) {
    nextLock = texts.nextLockValue(
      formatDate(overview.nextLock.lockAt),
      formatDate(overview.nextLock.payoutDate),
    );
  } else nextLock = texts.held;

  return (
    <Card withBorder padding="lg" mb="md" component="section" aria-label={texts.title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h4">
            {texts.title}
          </Title>
          <Button
            component={Link}
            to="/me/settings#payout-preferences"
            variant="subtle"
            size="compact-sm"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            {texts.change}
          </Button>
        </Group>
        <Group align="flex-start" gap="lg">
          <Stack gap={2} miw={180} style={{ flex: '1 1 180px' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
              {texts.balance}
            </Text>
            <Text
              className={classes.amount}
              fz={26}
              c={overview.balance < 0 ? 'red' : undefined}
              data-testid="payout-balance"
            >
              {formatAmount(overview.balance)}
            </Text>
            <Text size="xs" c="dimmed">
              {texts.balanceHint}
            </Text>
          </Stack>
          <Fact label={texts.schedule}>{payoutsMessages.schedule[preferences.schedule]}</Fact>
          <Fact label={texts.threshold}>{formatAmount(preferences.threshold)}</Fact>
          <Fact label={texts.nextLock}>{nextLock}</Fact>
        </Group>
        {overview.owed > 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={texts.owedTitle(formatAmount(overview.owed))}
          >
            {texts.owedText}
          </Alert>
        ) : null}
        {overview.refundsTakenBack.length > 0 ? (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {texts.refundsTitle}
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table striped verticalSpacing={6} fz="sm" aria-label={texts.refundsCaption}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{texts.refundColumns.date}</Table.Th>
                    <Table.Th>{texts.refundColumns.order}</Table.Th>
                    <Table.Th>{texts.refundColumns.item}</Table.Th>
                    <Table.Th>{texts.refundColumns.from}</Table.Th>
                    <Table.Th ta="right">{texts.refundColumns.amount}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overview.refundsTakenBack.map((refund) => (
                    <Table.Tr key={`${refund.orderExternalId}-${refund.name}-${refund.at}`}>
                      <Table.Td>{formatDate(refund.at)}</Table.Td>
                      <Table.Td>{refund.orderExternalId}</Table.Td>
                      <Table.Td>{refund.name}</Table.Td>
                      <Table.Td>
                        {refund.fromPayoutId ? (
                          <Anchor component={Link} to={`/me/payouts/${refund.fromPayoutId}`}>
                            {texts.fromPayout(refund.fromPayoutId)}
                          </Anchor>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right" c="red">
                        {formatAmount(refund.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
