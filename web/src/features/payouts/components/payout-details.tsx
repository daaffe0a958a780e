import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type {
  PayoutCardFieldsFragment,
  PayoutItemFieldsFragment,
  PayoutTotalsFieldsFragment,
} from '../../../shared/graphql/generated/graphql';
import { PayoutCharts } from './payout-charts';
import { PayoutItemsTable } from './payout-items-table';
import { PayoutSummaryCard } from './payout-summary-card';
import type { PayoutAudience } from './payout-summary-card';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import { StatementLinks } from './statement-links';

/** A payout's page body: the card, the statement links, the items with totals and the charts. */
export function PayoutDetails({
  payout,
  audience,
  heading,
  actions,
  children,
}: {
  payout: PayoutCardFieldsFragment & {
    items: readonly PayoutItemFieldsFragment[];
    totals: PayoutTotalsFieldsFragment;
  };
  audience: PayoutAudience;
  /** Shown beside the status badge. */
  heading?: ReactNode;
  /** Buttons under the card (the admin's Lock, Send...). */
  actions?: ReactNode;
  /** More sections at the end (the admin's history). */
  children?: ReactNode;
}) {
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <PayoutSummaryCard payout={payout} audience={audience} heading={heading} />
        <Group justify="space-between" gap="sm">
          {actions ?? <span />}
          <StatementLinks payoutId={payout.id} />
        </Group>
      </Stack>
      <section aria-labelledby={`payout-${payout.id}-items`}>
        <Title order={2} fz="h3" mb="sm" id={`payout-${payout.id}-items`}>
          {payoutsMessages.items.title}
        </Title>
        <Card withBorder padding={0}>
          <PayoutItemsTable
            items={payout.items}
            totals={payout.totals}
            payoutId={payout.id}
            audience={audience}
          />
        </Card>
      </section>
      <PayoutCharts items={payout.items} />
      {children}
    </Stack>
  );
}
