import { Box, Group, Paper, Table, Text } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { ResponsiveBar } from '@nivo/bar';
import type { BarTooltipProps } from '@nivo/bar';
import type { ReactNode } from 'react';
import { formatAmount } from '../../../shared/format';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { gameNames } from '../../../shared/skin-card/game-types';
import { accountMessages } from '../account.messages';
import type { DownloadRow, EarningsRow } from './dashboard-figures';
import { monthLabel, shortMonthLabel } from './dashboard-figures';
import classes from './dashboard.module.css';

const messages = accountMessages.dashboard;

/** One colour per game, from the site's electric blue and magenta outwards. */
export const gameColors: Record<GameType, string> = {
  TM2020: '#00d8fb',
  TMNF: '#ff3595',
  TM_TURBO: '#ffb020',
  TM2: '#8f7cff',
  TMUF: '#3ddc84',
  TM_SUNRISE: '#ff7a45',
  TM: '#6c7587',
};
const EARNINGS_COLOR = '#3ddc84';

// Nivo writes these as inline styles, so Mantine's variables follow the colour scheme.
const chartTheme = {
  text: { fill: 'var(--mantine-color-dimmed)', fontSize: 12, fontFamily: 'var(--mantine-font-family)' },
  axis: {
    domain: { line: { stroke: 'var(--mantine-color-default-border)', strokeWidth: 1 } },
    ticks: {
      line: { stroke: 'var(--mantine-color-default-border)', strokeWidth: 1 },
      text: { fill: 'var(--mantine-color-dimmed)', fontSize: 11 },
    },
  },
  grid: { line: { stroke: 'var(--mantine-color-default-border)', strokeWidth: 1, strokeDasharray: '3 4' } },
};

function Tooltip({ color, title, value }: { color: string; title: ReactNode; value: ReactNode }) {
  return (
    <Paper shadow="md" px="sm" py={6} withBorder>
      <Group gap={8} wrap="nowrap">
        <span className={classes.swatch} style={{ background: color }} />
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {title}
        </Text>
        <Text size="sm" className={classes.numbers}>
          {value}
        </Text>
      </Group>
    </Paper>
  );
}

const integer = new Intl.NumberFormat('en');
export const formatCount = (value: number) => integer.format(value);

/** Tick labels: up to `wide` months on a wide screen, 4 on a phone, the latest month always labelled. */
function useTickValues(months: readonly string[], wide: number) {
  const phone = useMediaQuery('(max-width: 36em)');
  const step = Math.max(1, Math.ceil(months.length / (phone ? 4 : wide)));
  return months.filter((_, index) => (months.length - 1 - index) % step === 0);
}

function DownloadsTooltip({ id, value, color, indexValue }: BarTooltipProps<DownloadRow>) {
  return (
    <Tooltip
      color={color}
      title={`${gameNames[id as GameType].short} · ${monthLabel(String(indexValue))}`}
      value={messages.uniqueDownloads(value ?? 0)}
    />
  );
}

type MonthRow = { month: string };

/**
 * Bars per month with the site's axes, theme and tooltip, and under them a table of the same
 * numbers for those who cannot read the chart (the chart itself is hidden from screen readers).
 */
function MonthlyBarChart<Row extends MonthRow>(props: {
  testId: string;
  rows: Row[];
  keys: string[];
  colors: (id: string | number) => string;
  stacked?: boolean;
  /** Room for the value axis' labels. */
  left: number;
  padding: number;
  /** Most month labels on a wide screen. */
  wideTicks: number;
  formatValue: (value: number) => string;
  tooltip: (props: BarTooltipProps<Row>) => ReactNode;
  table: { caption: string; columns: string[]; cells: (row: Row) => ReactNode[] };
}) {
  const reducedMotion = useReducedMotion();
  const tickValues = useTickValues(
    props.rows.map((row) => row.month),
    props.wideTicks,
  );
  return (
    <>
      <Box className={classes.chart} aria-hidden data-testid={props.testId}>
        <ResponsiveBar<Row>
          data={props.rows}
          keys={props.keys}
          indexBy="month"
          groupMode={props.stacked ? 'stacked' : 'grouped'}
          margin={{ top: 8, right: 8, bottom: 36, left: props.left }}
          padding={props.padding}
          colors={({ id }) => props.colors(id)}
          borderRadius={2}
          enableLabel={false}
          axisBottom={{
            tickSize: 0,
            tickPadding: 10,
            tickValues,
            format: (value) => shortMonthLabel(String(value)),
          }}
          axisLeft={{
            tickSize: 0,
            tickPadding: 8,
            tickValues: 5,
            format: (value) => props.formatValue(Number(value)),
          }}
          gridYValues={5}
          theme={chartTheme}
          tooltip={props.tooltip}
          animate={!reducedMotion}
          role="presentation"
        />
      </Box>
      <details className={classes.details}>
        <summary>{messages.showTable}</summary>
        <Table.ScrollContainer minWidth={360} mt="xs">
          <Table className={classes.table} striped>
            <Table.Caption>{props.table.caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{messages.month}</Table.Th>
                {props.table.columns.map((column) => (
                  <Table.Th key={column} scope="col" ta="right">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Th scope="row" fw={500}>
                    {monthLabel(row.month)}
                  </Table.Th>
                  {props.table.cells(row).map((cell, index) => (
                    <Table.Td key={props.table.columns[index]} ta="right">
                      {cell}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </>
  );
}

/** The stacked monthly unique downloads per game, with a table of the same numbers. */
export function DownloadsChart({ rows, games }: { rows: DownloadRow[]; games: GameType[] }) {
  return (
    <>
      <Group gap="md" mb="xs" aria-hidden>
        {games.map((game) => (
          <Group key={game} gap={6} wrap="nowrap">
            <span className={classes.swatch} style={{ background: gameColors[game] }} />
            <Text size="xs" fw={600}>
              {gameNames[game].name}
            </Text>
          </Group>
        ))}
      </Group>
      <MonthlyBarChart<DownloadRow>
        testId="downloads-chart"
        rows={rows}
        keys={games}
        colors={(id) => gameColors[id as GameType]}
        stacked
        left={44}
        padding={0.25}
        wideTicks={12}
        formatValue={formatCount}
        tooltip={DownloadsTooltip}
        table={{
          caption: messages.downloadsChartCaption,
          columns: games.map((game) => gameNames[game].short),
          cells: (row) => games.map((game) => formatCount(row[game] ?? 0)),
        }}
      />
    </>
  );
}

function EarningsTooltip({ value, color, indexValue, data }: BarTooltipProps<EarningsRow>) {
  return (
    <Tooltip
      color={color}
      title={monthLabel(String(indexValue))}
      value={`${formatAmount(value ?? 0)} · ${messages.itemsSold(data.itemsSold)}`}
    />
  );
}

/** The author's earnings per month, with a table of the same numbers. */
export function EarningsChart({ rows }: { rows: EarningsRow[] }) {
  return (
    <MonthlyBarChart<EarningsRow>
      testId="earnings-chart"
      rows={rows}
      keys={['earnings']}
      colors={() => EARNINGS_COLOR}
      left={56}
      padding={0.3}
      wideTicks={5}
      formatValue={formatAmount}
      tooltip={EarningsTooltip}
      table={{
        caption: messages.earningsChartCaption,
        columns: [messages.itemsSoldColumn, messages.earningsColumn, messages.refundedColumn],
        cells: (row) => [formatCount(row.itemsSold), formatAmount(row.earnings), formatAmount(row.refunded)],
      }}
    />
  );
}
