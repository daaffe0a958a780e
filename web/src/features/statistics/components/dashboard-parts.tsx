import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/format';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { gameNames } from '../../../shared/skin-card/game-types';
import { CsvButton, euros, type CsvColumn } from './csv-export';
import { formatCount } from '../lib/figures';
import { statisticsMessages as messages } from '../statistics.messages';
import classes from './statistics.module.css';

/** A headline figure with its label; amounts in euros, counts as whole numbers. */
export function StatCard(props: {
  label: string;
  value: number;
  accent: string;
  amount?: boolean;
  hint?: string;
}) {
  return (
    <Card withBorder padding="md" className={classes.stat} style={{ '--stat-accent': props.accent }}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.05em' }}>
        {props.label}
      </Text>
      <Text className={classes.statValue} mt={6} data-testid="stat-value">
        {props.amount ? formatAmount(props.value) : formatCount(props.value)}
      </Text>
      {props.hint ? (
        <Text size="xs" c="dimmed" mt={4}>
          {props.hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** A titled card: a section of a dashboard, with room for actions such as an export. */
export function Section(props: { title: string; hint?: string; actions?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Title order={2} fz="h4" id={titleId}>
            {props.title}
          </Title>
          {props.hint ? (
            <Text size="sm" c="dimmed" mt={2}>
              {props.hint}
            </Text>
          ) : null}
        </div>
        {props.actions ? <div className={classes.actions}>{props.actions}</div> : null}
      </Group>
      <Stack gap="sm" mt="md">
        {props.children}
      </Stack>
    </Card>
  );
}

type RankedSkin = { skin: { id: string; url: string; title: string; type: GameType } };
export type RankColumn<Row> = {
  header: string;
  value: (row: Row) => number;
  amount?: boolean;
  strong?: boolean;
};

/** The figures of a ranked list of downloads, on both dashboards. */
export const downloadRankColumns: RankColumn<RankedSkin & { unique: number; total: number }>[] = [
  { header: messages.unique, value: (row) => row.unique, strong: true },
  { header: messages.total, value: (row) => row.total },
];
/** The figures of a ranked list of sales, on both dashboards: revenue is gross, VAT included. */
export const salesRankColumns: RankColumn<
  RankedSkin & { totalCount: number; totalPrice: number; totalVat: number; totalNet: number }
>[] = [
  { header: messages.sold, value: (row) => row.totalCount },
  { header: messages.revenue, value: (row) => row.totalPrice, amount: true, strong: true },
  { header: messages.vat, value: (row) => row.totalVat, amount: true },
  { header: messages.net, value: (row) => row.totalNet, amount: true },
];

/**
 * An author's ranked list of sales: the site's columns and the author's part of the author share
 * (after the split among co-authors; all of it for a skin sold alone).
 */
export const authorSalesRankColumns: RankColumn<
  RankedSkin & {
    totalCount: number;
    totalPrice: number;
    totalVat: number;
    totalNet: number;
    authorPart?: number | null;
  }
>[] = [...salesRankColumns, { header: messages.yourPart, value: (row) => row.authorPart ?? 0, amount: true }];

/** The CSV columns of a ranked list: rank, the skin's title (an author's text), game, then each figure. */
export function rankedSkinsCsvColumns<Row extends RankedSkin>(
  rows: readonly Row[],
  columns: readonly RankColumn<Row>[],
): CsvColumn<Row>[] {
  return [
    { header: messages.rank, value: (row: Row) => rows.indexOf(row) + 1 },
    { header: messages.skin, value: (row: Row) => row.skin.title },
    { header: messages.game, value: (row: Row) => gameNames[row.skin.type].short },
    ...columns.map((column) => ({
      header: column.header,
      value: (row: Row) => (column.amount ? euros(column.value(row)) : column.value(row)),
    })),
  ];
}

/**
 * A ranked list of skins with their figures, its empty text when there are none, and a CSV export
 * of the same rows.
 */
export function TopSkinsTable<Row extends RankedSkin>(props: {
  title: string;
  hint?: string;
  empty: string;
  file: string;
  rows: readonly Row[];
  columns: readonly RankColumn<Row>[];
  note?: (row: Row) => ReactNode;
}) {
  const csvColumns = rankedSkinsCsvColumns(props.rows, props.columns);
  return (
    <Section
      title={props.title}
      hint={props.hint}
      actions={<CsvButton file={props.file} what={props.title} columns={csvColumns} rows={props.rows} />}
    >
      {props.rows.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          {props.empty}
        </Text>
      ) : (
        <Table className={classes.table} verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>{messages.rank}</Table.Th>
              <Table.Th>{messages.skin}</Table.Th>
              {props.columns.map((column) => (
                <Table.Th key={column.header} ta="right">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row, index) => (
              <Table.Tr key={row.skin.id}>
                <Table.Td c="dimmed">{index + 1}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Anchor component={Link} to={`/skins/${row.skin.url}`} fw={600} size="sm">
                      {row.skin.title}
                    </Anchor>
                    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {gameNames[row.skin.type].short}
                    </Badge>
                  </Group>
                  {props.note?.(row)}
                </Table.Td>
                {props.columns.map((column) => (
                  <Table.Td
                    key={column.header}
                    ta="right"
                    fw={column.strong ? 700 : undefined}
                    className={classes.numbers}
                  >
                    {column.amount ? formatAmount(column.value(row)) : formatCount(column.value(row))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
