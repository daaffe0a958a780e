import { Anchor, Badge, Group, Skeleton, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatAmount, formatCount, formatDate } from '../../../shared/format';
import { accountMessages } from '../account-dashboard.messages';
import { MyItemPerformanceQuery } from '../lib/item-performance.documents';
import {
  formatConversion,
  itemPerformanceCsvColumns,
  salesOf,
  SOURCES,
  type ItemPerformanceRow,
} from '../lib/item-performance';
import { CsvButton } from './csv-export';
import { Section } from './dashboard-parts';
import classes from './statistics.module.css';

const texts = accountMessages.dashboard.perItem;
const csvColumns = itemPerformanceCsvColumns(texts.csv, texts.sources);

const pathOf = (row: ItemPerformanceRow) =>
  `/${row.itemType === 'SKIN' ? 'skins' : 'bundles'}/${encodeURIComponent(row.url)}`;

/** Per item: views, downloads, purchases, conversion and revenue by sale, code and full price, with CSV. */
export function ItemPerformanceTable() {
  const [{ data, error }] = useQuery({ query: MyItemPerformanceQuery, requestPolicy: 'cache-and-network' });
  useEffect(() => {
    if (error) console.error('myItemPerformance failed', error);
  }, [error]);
  const report = data?.myItemPerformance;
  const rows = report?.items ?? [];
  const hint = report?.viewsSince
    ? `${texts.hint} ${texts.viewsSince(formatDate(report.viewsSince))}`
    : texts.hint;
  return (
    <Section
      title={texts.title}
      hint={hint}
      actions={<CsvButton file="items-performance" what={texts.title} columns={csvColumns} rows={rows} />}
    >
      {!report ? (
        error ? (
          <Text c="red" size="sm" role="alert">
            {texts.loadFailed}
          </Text>
        ) : (
          <Skeleton h={160} radius="md" />
        )
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          {texts.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table className={classes.table} verticalSpacing="xs" highlightOnHover aria-label={texts.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.columns.item}</Table.Th>
                <Table.Th ta="right">{texts.columns.views}</Table.Th>
                <Table.Th ta="right">{texts.columns.downloads}</Table.Th>
                <Table.Th ta="right">{texts.columns.purchases}</Table.Th>
                <Table.Th ta="right">{texts.columns.conversion}</Table.Th>
                {SOURCES.map((source) => (
                  <Table.Th key={source} ta="right">
                    {texts.sources[source]}
                  </Table.Th>
                ))}
                <Table.Th ta="right">{texts.columns.revenue}</Table.Th>
                <Table.Th ta="right">{texts.columns.authorPart}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.itemType}-${row.itemId}`}>
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <Anchor component={Link} to={pathOf(row)} fw={600} size="sm">
                        {row.title}
                      </Anchor>
                      <Badge size="xs" variant="light" color="gray">
                        {texts.types[row.itemType]}
                      </Badge>
                      {row.viewerIsOwner ? null : (
                        <Badge size="xs" variant="light" color="electric">
                          {texts.coAuthor}
                        </Badge>
                      )}
                      {row.published ? null : (
                        <Badge size="xs" variant="outline" color="gray">
                          {texts.hidden}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" className={classes.numbers}>
                    {formatCount(row.views)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.numbers}>
                    {row.downloads === null || row.downloads === undefined ? '–' : formatCount(row.downloads)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.numbers}>
                    {formatCount(row.purchases)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.numbers}>
                    {formatConversion(row.conversion)}
                  </Table.Td>
                  {SOURCES.map((source) => {
                    const sales = salesOf(row, source);
                    return (
                      <Table.Td key={source} ta="right" className={classes.numbers}>
                        {formatAmount(sales.revenue)}
                        <Text span size="xs" c="dimmed" display="block">
                          {texts.sold(sales.purchases)}
                        </Text>
                      </Table.Td>
                    );
                  })}
                  <Table.Td ta="right" fw={700} className={classes.numbers}>
                    {formatAmount(row.revenue)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.numbers}>
                    {formatAmount(row.authorPart)}
                    {/* Before the split: shown only when there was one (an item sold alone is all yours). */}
                    {row.authorPart !== row.authorShare ? (
                      <Text span size="xs" c="dimmed" display="block">
                        {texts.ofAuthorsShare(formatAmount(row.authorShare))}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
