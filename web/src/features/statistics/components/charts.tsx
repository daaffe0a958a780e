import { Box, Group, Paper, Table, Text } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { ResponsiveBar } from '@nivo/bar';
import type { BarTooltipProps } from '@nivo/bar';
import type { ReactNode } from 'react';
import { formatAmount } from '../../../shared/format';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { gameNames } from '../../../shared/skin-card/game-types';
import { CsvButton, euros, type CsvColumn } from './csv-export';
import type { CountRow, DownloadRow, EarningsRow } from '../lib/figures';
import { formatCount, labelOf, shortLabelOf } from '../lib/figures';
import { statisticsMessages as messages } from '../statistics.messages';
import classes from './statistics.module.css';

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
const EVENTS_COLOR = '#8f7cff';

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

/** Tick labels: up to `wide` on a wide screen, 4 on a phone, the latest always labelled. */
function useTickValues(keys: readonly string[], wide: number) {
  const phone = useMediaQuery('(max-width: 36em)');
  const step = Math.max(1, Math.ceil(keys.length / (phone ? 4 : wide)));
  return keys.filter((_, index) => (keys.length - 1 - index) % step === 0);
}

/** Rows keyed by a month (`YYYY-MM`) or a day (`YYYY-MM-DD`). */
type KeyedRow = { key: string };

/** A column of the table under a chart, exported as the same figure in CSV. */
export type FigureColumn<Row> = { header: string; value: (row: Row) => number; amount?: boolean };

/** The CSV columns of keyed rows: the month or day, then each figure (amounts in euros). */
export function csvColumnsOf<Row extends KeyedRow>(columns: readonly FigureColumn<Row>[]): CsvColumn<Row>[] {
  return [
    { header: messages.month, value: (row) => row.key },
    ...columns.map((column) => ({
      header: column.header,
      value: (row: Row) => (column.amount ? euros(column.value(row)) : column.value(row)),
    })),
  ];
}

/** The same figures as a chart, as a table: one row per month or day. */
export function FiguresTable<Row extends KeyedRow>(props: {
  caption: string;
  rows: readonly Row[];
  columns: readonly FigureColumn<Row>[];
}) {
  const daily = props.rows[0]?.key.length === 10;
  return (
    <Table.ScrollContainer minWidth={360} mt="xs">
      <Table className={classes.table} striped>
        <Table.Caption>{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{daily ? messages.day : messages.month}</Table.Th>
            {props.columns.map((column) => (
              <Table.Th key={column.header} scope="col" ta="right">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {labelOf(row.key)}
              </Table.Th>
              {props.columns.map((column) => (
                <Table.Td key={column.header} ta="right" className={classes.numbers}>
                  {column.amount ? formatAmount(column.value(row)) : formatCount(column.value(row))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Bars per month or day with the site's axes, theme and tooltip; under them a table of the same
 * numbers for those who cannot read the chart (the chart itself is hidden from screen readers)
 * and a CSV export of them.
 */
export function BarChartWithTable<Row extends KeyedRow>(props: {
  testId: string;
  file: string;
  rows: Row[];
  keys: string[];
  colors: (id: string | number) => string;
  stacked?: boolean;
  /** Room for the value axis' labels. */
  left: number;
  padding: number;
  /** Most labels on the index axis on a wide screen. */
  wideTicks: number;
  formatValue: (value: number) => string;
  tooltip: (props: BarTooltipProps<Row>) => ReactNode;
  table: { caption: string; columns: FigureColumn<Row>[] };
}) {
  const reducedMotion = useReducedMotion();
  const tickValues = useTickValues(
    props.rows.map((row) => row.key),
    props.wideTicks,
  );
  return (
    <>
      <Box className={classes.chart} aria-hidden data-testid={props.testId}>
        <ResponsiveBar<Row>
          data={props.rows}
          keys={props.keys}
          indexBy="key"
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
            format: (value) => shortLabelOf(String(value)),
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
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <details className={classes.details}>
          <summary>{messages.showTable}</summary>
          <FiguresTable caption={props.table.caption} rows={props.rows} columns={props.table.columns} />
        </details>
        <CsvButton
          file={props.file}
          what={props.table.caption}
          columns={csvColumnsOf(props.table.columns)}
          rows={props.rows}
        />
      </Group>
    </>
  );
}

/** A tooltip naming the series and the month or day, with the value formatted. */
export function seriesTooltip<Row extends KeyedRow>(
  seriesName: (id: string) => string,
  format: (value: number) => string,
) {
  return function SeriesTooltip({ id, value, color, indexValue }: BarTooltipProps<Row>) {
    return (
      <Tooltip
        color={color}
        title={`${seriesName(String(id))} · ${labelOf(String(indexValue))}`}
        value={format(value ?? 0)}
      />
    );
  };
}

/** A colour legend: one swatch and name per series. */
export function Legend({ series }: { series: { name: string; color: string }[] }) {
  return (
    <Group gap="md" mb="xs" aria-hidden>
      {series.map((entry) => (
        <Group key={entry.name} gap={6} wrap="nowrap">
          <span className={classes.swatch} style={{ background: entry.color }} />
          <Text size="xs" fw={600}>
            {entry.name}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** The colour legend of a chart with one series per game. */
function GameLegend({ games }: { games: GameType[] }) {
  return <Legend series={games.map((game) => ({ name: gameNames[game].name, color: gameColors[game] }))} />;
}

const gameName = (id: string) => gameNames[id as GameType].short;
const tooltips = {
  unique: seriesTooltip<DownloadRow>(gameName, messages.uniqueDownloads),
  total: seriesTooltip<DownloadRow>(gameName, messages.downloads),
};

/** Monthly downloads per game, stacked (unique or total), with a table of the same numbers. */
export function DownloadsChart(props: {
  rows: DownloadRow[];
  games: GameType[];
  caption: string;
  file: string;
  measure: 'unique' | 'total';
}) {
  return (
    <>
      <GameLegend games={props.games} />
      <BarChartWithTable<DownloadRow>
        testId="downloads-chart"
        file={props.file}
        rows={props.rows}
        keys={props.games}
        colors={(id) => gameColors[id as GameType]}
        stacked
        left={44}
        padding={0.25}
        wideTicks={12}
        formatValue={formatCount}
        tooltip={tooltips[props.measure]}
        table={{
          caption: props.caption,
          columns: props.games.map((game) => ({
            header: gameNames[game].short,
            value: (row) => row[game] ?? 0,
          })),
        }}
      />
    </>
  );
}

function EarningsTooltip({ value, color, indexValue, data }: BarTooltipProps<EarningsRow>) {
  return (
    <Tooltip
      color={color}
      title={labelOf(String(indexValue))}
      value={`${formatAmount(value ?? 0)} · ${messages.itemsSold(data.itemsSold)}`}
    />
  );
}

/** Earnings (author shares) per month, with a table of the same numbers. */
export function EarningsChart(props: {
  rows: EarningsRow[];
  caption: string;
  file: string;
  columns: { itemsSold: string; gross: string; vat: string; net: string; earnings: string; refunded: string };
}) {
  return (
    <BarChartWithTable<EarningsRow>
      testId="earnings-chart"
      file={props.file}
      rows={props.rows}
      keys={['earnings']}
      colors={() => EARNINGS_COLOR}
      left={56}
      padding={0.3}
      wideTicks={5}
      formatValue={formatAmount}
      tooltip={EarningsTooltip}
      table={{
        caption: props.caption,
        columns: [
          { header: props.columns.itemsSold, value: (row) => row.itemsSold },
          { header: props.columns.gross, value: (row) => row.gross, amount: true },
          { header: props.columns.vat, value: (row) => row.vat, amount: true },
          { header: props.columns.net, value: (row) => row.net, amount: true },
          { header: props.columns.earnings, value: (row) => row.earnings, amount: true },
          { header: props.columns.refunded, value: (row) => row.refunded, amount: true },
        ],
      }}
    />
  );
}

function CountTooltip({ value, color, indexValue }: BarTooltipProps<CountRow>) {
  return <Tooltip color={color} title={labelOf(String(indexValue))} value={formatCount(value ?? 0)} />;
}

/** One count per month or day (events, new accounts), with a table of the same numbers. */
export function CountChart(props: {
  testId: string;
  rows: CountRow[];
  caption: string;
  file: string;
  column: string;
  color?: string;
}) {
  return (
    <BarChartWithTable<CountRow>
      testId={props.testId}
      file={props.file}
      rows={props.rows}
      keys={['count']}
      colors={() => props.color ?? EVENTS_COLOR}
      left={52}
      padding={0.15}
      wideTicks={8}
      formatValue={formatCount}
      tooltip={CountTooltip}
      table={{ caption: props.caption, columns: [{ header: props.column, value: (row) => row.count }] }}
    />
  );
}
