import { Box, Card, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { ResponsivePie } from '@nivo/pie';
import type { PieCustomLayerProps, PieTooltipProps } from '@nivo/pie';
import { useId } from 'react';
import { formatAmount } from '../../../shared/format';
import type { PayoutItemFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { moneySplit, popularItems, sharePercent } from '../lib/payout-figures';
import type { PieSlice } from '../lib/payout-figures';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import classes from '../../../shared/payouts/payouts.module.css';

const messages = payoutsMessages.charts;

/** Author in the action colour, the site in the highlight colour, the gates in amber, VAT in violet. */
const moneyColors: Record<string, string> = {
  author: '#00d8fb',
  'co-authors': '#3ddc97',
  'payment-gates': '#ffb020',
  site: '#ff3595',
  vat: '#8f7cff',
};
const itemColors = ['#00d8fb', '#ff3595', '#ffb020', '#8f7cff'];
const OTHERS_COLOR = '#6c7587';

type ColoredSlice = PieSlice & { color: string };

function SliceTooltip({ datum }: PieTooltipProps<ColoredSlice>) {
  return (
    <Paper shadow="md" px="sm" py={6} withBorder>
      <Group gap={8} wrap="nowrap">
        <span className={classes.swatch} style={{ background: datum.data.color }} />
        <Text size="sm" fw={600}>
          {datum.data.label}
        </Text>
        <Text size="sm" className={classes.money}>
          {formatAmount(datum.value)}
        </Text>
      </Group>
    </Paper>
  );
}

/** The sum in the hole of the donut. */
function CenterTotal({ dataWithArc, centerX, centerY }: PieCustomLayerProps<ColoredSlice>) {
  const total = dataWithArc.reduce((sum, datum) => sum + datum.value, 0);
  return (
    <text
      x={centerX}
      y={centerY}
      textAnchor="middle"
      dominantBaseline="central"
      style={{
        fill: 'var(--mantine-color-text)',
        fontFamily: 'var(--mantine-font-family-headings)',
        fontWeight: 800,
        fontSize: 17,
      }}
    >
      {formatAmount(total)}
    </text>
  );
}

/** One donut with its legend, which also carries the numbers for screen readers and print. */
function PieCard({ title, label, slices }: { title: string; label: string; slices: ColoredSlice[] }) {
  const reducedMotion = useReducedMotion();
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="figure" m={0} aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId} mb="sm">
        {title}
      </Title>
      <Group align="center" justify="center" gap="lg" wrap="wrap">
        <Box className={classes.chart} w={220} aria-hidden>
          <ResponsivePie<ColoredSlice>
            data={slices}
            colors={(datum) => datum.data.color}
            innerRadius={0.62}
            padAngle={1.2}
            cornerRadius={3}
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
            activeOuterRadiusOffset={6}
            borderWidth={0}
            enableArcLabels={false}
            enableArcLinkLabels={false}
            animate={!reducedMotion}
            tooltip={SliceTooltip}
            role="presentation"
            layers={['arcs', CenterTotal]}
          />
        </Box>
        <Box component="ul" className={classes.legend} style={{ flex: '1 1 160px' }} aria-label={label}>
          {slices.map((slice) => (
            <li key={slice.id}>
              <Group gap={8} wrap="nowrap" align="baseline">
                <span className={classes.swatch} style={{ background: slice.color }} aria-hidden />
                <Text size="sm" fw={600} style={{ flex: 1, minWidth: 0 }} truncate>
                  {slice.label}
                </Text>
                <Text size="sm" className={classes.money}>
                  {formatAmount(slice.value)}
                </Text>
                <Text size="xs" c="dimmed" w={40} ta="right" className={classes.money}>
                  {sharePercent(slice.value, slices)}
                </Text>
              </Group>
            </li>
          ))}
        </Box>
      </Group>
    </Card>
  );
}

/** "Where the money went" and "Most popular items" (spec 2.11), from the payout's sold items. */
export function PayoutCharts({ items }: { items: readonly PayoutItemFieldsFragment[] }) {
  const money = moneySplit(items, messages).map((slice) => ({
    ...slice,
    color: moneyColors[slice.id] ?? OTHERS_COLOR,
  }));
  const popular = popularItems(items, messages.others).map((slice, index) => ({
    ...slice,
    color: slice.id === 'others' ? OTHERS_COLOR : (itemColors[index] ?? OTHERS_COLOR),
  }));
  if (money.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {messages.empty}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <PieCard title={messages.moneyTitle} label={messages.moneyLabel} slices={money} />
      <PieCard title={messages.popularTitle} label={messages.popularLabel} slices={popular} />
    </SimpleGrid>
  );
}
