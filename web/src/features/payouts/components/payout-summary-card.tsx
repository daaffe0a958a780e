import { Alert, Anchor, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAmount, formatDate } from '../../../shared/format';
import type { PayoutCardFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { formatIban, maskIban } from '../lib/destination';
import { amountLabel, payoutContents, payoutDateFact } from '../lib/payout-dates';
import { PayoutStatusBadge, payoutStatusAccents } from '../../../shared/payouts/payout-status-badge';
import { PayoutStatusNote } from './payout-status-note';
import { payoutsMessages as messages } from '../../../shared/payouts/payouts.messages';
import classes from '../../../shared/payouts/payouts.module.css';

/** Who looks: the author sees a masked IBAN and what to do; an admin sees everything. */
export type PayoutAudience = 'author' | 'admin';

export function PayoutFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt className={classes.factLabel}>{label}</dt>
      <dd className={classes.factValue}>{children}</dd>
    </div>
  );
}

/** Where the money goes: the name and the account, as far as the viewer may see it. */
export function PayoutDestination({
  payout,
  audience,
}: {
  payout: PayoutCardFieldsFragment;
  audience: PayoutAudience;
}) {
  const account =
    payout.payoutMethod === 'BANK_TRANSFER' && payout.sendToIban
      ? audience === 'admin'
        ? formatIban(payout.sendToIban)
        : maskIban(payout.sendToIban)
      : payout.payoutMethod === 'PAYPAL'
        ? payout.sendToPaypalAccount
        : null;
  if (!account && !payout.sendToName) {
    return (
      <Text component="span" size="sm" c="dimmed" fw={400}>
        {messages.destinationLater}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="span">
      {payout.sendToName ? <span>{payout.sendToName}</span> : null}
      {account ? (
        <Text component="span" ff="monospace" size="sm">
          {account}
        </Text>
      ) : null}
      {audience === 'admin' && payout.payoutMethod === 'BANK_TRANSFER' && payout.sendToBic ? (
        <Text component="span" ff="monospace" size="sm" c="dimmed">
          BIC {payout.sendToBic}
        </Text>
      ) : null}
    </Stack>
  );
}

function DateValue({ payout, audience }: { payout: PayoutCardFieldsFragment; audience: PayoutAudience }) {
  const fact = payoutDateFact(payout);
  if (!fact) return null;
  return (
    <PayoutFact label={fact.label}>
      {fact.missingMethod && audience === 'author' ? (
        <Anchor component={Link} to="/me/settings" inherit>
          {fact.value}
        </Anchor>
      ) : (
        fact.value
      )}
    </PayoutFact>
  );
}

/**
 * The payout at a glance (spec 2.11): status, amount, dates, method and destination, and why a
 * failed transfer failed.
 */
export function PayoutSummaryCard({
  payout,
  audience,
  heading,
}: {
  payout: PayoutCardFieldsFragment;
  audience: PayoutAudience;
  /** Extra content beside the status (the author's name on the admin page). */
  heading?: ReactNode;
}) {
  const status = payout.payoutStatus;
  return (
    <Card
      withBorder
      padding="lg"
      className={classes.summary}
      style={{ '--payout-accent': payoutStatusAccents[status] }}
      component="section"
      aria-label={messages.title(payout.id)}
    >
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} maw={520}>
          <Group gap="sm">
            <PayoutStatusBadge status={status} />
            {heading}
          </Group>
          {audience === 'author' ? <PayoutStatusNote status={status} /> : null}
        </Stack>
        <Stack gap={4} align="flex-end" ml="auto">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
            {amountLabel(status)}
          </Text>
          <Text
            className={classes.amount}
            fz={{ base: 28, sm: 34 }}
            c={payout.amount < 0 ? 'red' : undefined}
          >
            {formatAmount(payout.amount)}
          </Text>
          <Text size="sm" c="dimmed">
            {payoutContents(payout)}
          </Text>
        </Stack>
      </Group>

      <Divider my="md" />

      <dl className={classes.facts}>
        <PayoutFact label={messages.created}>{formatDate(payout.createdAt)}</PayoutFact>
        {payout.lockedOn ? (
          <PayoutFact label={messages.locked}>{formatDate(payout.lockedOn)}</PayoutFact>
        ) : null}
        {payout.sentOn && status !== 'SENT' ? (
          <PayoutFact label={messages.sent}>{formatDate(payout.sentOn)}</PayoutFact>
        ) : null}
        <DateValue payout={payout} audience={audience} />
        <PayoutFact label={messages.methodLabel}>
          {payout.payoutMethod ? (
            messages.method[payout.payoutMethod]
          ) : audience === 'author' ? (
            <Anchor component={Link} to="/me/settings" inherit>
              {messages.chooseMethod}
            </Anchor>
          ) : (
            messages.noMethod
          )}
        </PayoutFact>
        <PayoutFact label={messages.destination}>
          <PayoutDestination payout={payout} audience={audience} />
        </PayoutFact>
        {audience === 'admin' && payout.externalId ? (
          <PayoutFact label={messages.reference}>
            <Text component="span" ff="monospace" size="sm">
              {payout.externalId}
            </Text>
          </PayoutFact>
        ) : null}
        {audience === 'admin' && payout.exportBatchId && payout.exportBatchId !== payout.externalId ? (
          <PayoutFact label={messages.sepaFile}>
            <Text component="span" ff="monospace" size="sm">
              {payout.exportBatchId}
            </Text>
          </PayoutFact>
        ) : null}
      </dl>

      {status === 'ERROR' && payout.failureReason ? (
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={messages.failureReason}
        >
          {payout.failureReason}
        </Alert>
      ) : null}
    </Card>
  );
}
