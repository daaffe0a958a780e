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

/** The stacked monthly unique downloads per game, with a table of the same numbers. */
export function DownloadsChart({ rows, games }: { rows: DownloadRow[]; games: GameType[] }) {
  const reducedMotion = useReducedMotion();
  const tickValues = useTickValues(
    rows.map((row) => row.month),
    12,
  );
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
      <Box className={classes.chart} aria-hidden data-testid="downloads-chart">
        <ResponsiveBar<DownloadRow>
          data={rows}
          keys={games}
          indexBy="month"
          groupMode="stacked"
          margin={{ top: 8, right: 8, bottom: 36, left: 44 }}
          padding={0.25}
          colors={({ id }) => gameColors[id as GameType]}
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
            format: (value) => formatCount(Number(value)),
          }}
          gridYValues={5}
          theme={chartTheme}
          tooltip={DownloadsTooltip}
          animate={!reducedMotion}
          role="presentation"
        />
      </Box>
      <details className={classes.details}>
        <summary>{messages.showTable}</summary>
        <Table.ScrollContainer minWidth={360} mt="xs">
          <Table className={classes.table} striped>
            <Table.Caption>{messages.downloadsChartCaption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{messages.month}</Table.Th>
                {games.map((game) => (
                  <Table.Th key={game} scope="col" ta="right">
                    {gameNames[game].short}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Th scope="row" fw={500}>
                    {monthLabel(row.month)}
                  </Table.Th>
                  {games.map((game) => (
                    <Table.Td key={game} ta="right">
                      {formatCount(row[game] ?? 0)}
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
  const reducedMotion = useReducedMotion();
  const tickValues = useTickValues(
    rows.map((row) => row.month),
    5,
  );
  return (
    <>
      <Box className={classes.chart} aria-hidden data-testid="earnings-chart">
        <ResponsiveBar<EarningsRow>
          data={rows}
          keys={['earnings']}
          indexBy="month"
          margin={{ top: 8, right: 8, bottom: 36, left: 56 }}
          padding={0.3}
          colors={EARNINGS_COLOR}
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
            format: (value) => formatAmount(Number(value)),
          }}
          gridYValues={5}
          theme={chartTheme}
          tooltip={EarningsTooltip}
          animate={!reducedMotion}
          role="presentation"
        />
      </Box>
      <details className={classes.details}>
        <summary>{messages.showTable}</summary>
        <Table.ScrollContainer minWidth={360} mt="xs">
          <Table className={classes.table} striped>
            <Table.Caption>{messages.earningsChartCaption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{messages.month}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {messages.itemsSoldColumn}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {messages.earningsColumn}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {messages.refundedColumn}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Th scope="row" fw={500}>
                    {monthLabel(row.month)}
                  </Table.Th>
                  <Table.Td ta="right">{formatCount(row.itemsSold)}</Table.Td>
                  <Table.Td ta="right">{formatAmount(row.earnings)}</Table.Td>
                  <Table.Td ta="right">{formatAmount(row.refunded)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </>
  );
}
