import { Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { DownloadsChart, EarningsChart } from '../components/charts';
import { ItemPerformanceTable } from '../components/item-performance-table';
import { formatAmount } from '../../../shared/format';
import {
  authorSalesRankColumns,
  downloadRankColumns,
  Section,
  StatCard,
  TopSkinsTable,
} from '../components/dashboard-parts';
import { downloadsByMonth, earningsByMonth } from '../lib/figures';
import { PeriodPicker, useKeptWhileLoading, useStatisticsPeriod } from '../components/period';
import { statisticsMessages } from '../statistics.messages';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account-dashboard.messages';
import { useAuthorMenu } from '../../../shared/my-user/use-author-menu';
import { CreativityDashboardQuery } from '../lib/creativity-dashboard.documents';

const messages = accountMessages.dashboard;
const columns = statisticsMessages;

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy aria-label={messages.loading}>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={380} radius="md" />
    </Stack>
  );
}

/**
 * Downloads of the author's skins and, for authors with paid items, their earnings. The cards and
 * the two top-10 lists keep their fixed windows; the charts and best sellers follow the period.
 */
export function CreativityDashboardPage() {
  const { markSeen, hasPaidSkins } = useAuthorMenu();
  // Opening the page retires its NEW badge in the menu.
  useEffect(() => markSeen('dashboard'), [markSeen]);
  const { period, setPeriod } = useStatisticsPeriod('LAST_YEAR');
  const [{ data: answer, error, fetching }, reexecute] = useQuery({
    query: CreativityDashboardQuery,
    variables: { period },
  });
  const data = useKeptWhileLoading(answer);
  const downloads = useMemo(() => downloadsByMonth(data?.downloadHistory ?? [], 'unique'), [data]);
  const earnings = useMemo(() => earningsByMonth(data?.earningsHistory ?? []), [data]);

  let body: ReactNode;
  if (!data && fetching) body = <DashboardSkeleton />;
  else if (!data) {
    body = (
      <Card withBorder>
        <EmptyState
          icon={<IconChartBar stroke={1.5} />}
          message={error ? messages.loadFailed : messages.empty}
          actions={
            <Button variant="light" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
              {messages.retry}
            </Button>
          }
        />
      </Card>
    );
  } else {
    const { allTime, last30Days } = data.downloadCount;
    const sells = hasPaidSkins || data.earningsHistory.length > 0 || data.skinPurchasePopularity.length > 0;
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <StatCard label={messages.cards.last30Unique} value={last30Days.unique} accent="#00d8fb" />
          <StatCard label={messages.cards.last30Total} value={last30Days.total} accent="#8f7cff" />
          <StatCard label={messages.cards.allTimeUnique} value={allTime.unique} accent="#ff3595" />
          <StatCard label={messages.cards.allTimeTotal} value={allTime.total} accent="#ffb020" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <TopSkinsTable
            title={messages.topLast30Title}
            empty={messages.topLast30Empty}
            file="top-downloads-last-30-days"
            rows={data.skinDownloadPopularity.last30Days}
            columns={downloadRankColumns}
          />
          <TopSkinsTable
            title={messages.topLastYearTitle}
            empty={messages.topLastYearEmpty}
            file="top-downloads-last-year"
            rows={data.skinDownloadPopularity.lastYear}
            columns={downloadRankColumns}
          />
        </SimpleGrid>
        <Card withBorder padding="md">
          <PeriodPicker period={period} onChange={setPeriod} daysToo={false} />
        </Card>
        <Section title={messages.downloadsChartTitle}>
          {downloads.rows.length === 0 ? (
            <Text c="dimmed" size="sm" py="md">
              {messages.downloadsChartEmpty}
            </Text>
          ) : (
            <DownloadsChart
              rows={downloads.rows}
              games={downloads.games}
              measure="unique"
              caption={messages.downloadsChartCaption}
              file="unique-downloads-per-month"
            />
          )}
        </Section>
        {sells ? (
          // One above the other: the best sellers' figures need the page's width.
          <Stack gap="lg">
            <Section title={messages.earningsTitle} hint={messages.earningsHint}>
              {earnings.length === 0 ? (
                <Text c="dimmed" size="sm" py="md">
                  {messages.earningsEmpty}
                </Text>
              ) : (
                <EarningsChart
                  rows={earnings}
                  caption={messages.earningsChartCaption}
                  file="earnings-per-month"
                  columns={{
                    itemsSold: messages.itemsSoldColumn,
                    gross: messages.grossColumn,
                    vat: messages.vatColumn,
                    net: messages.netColumn,
                    earnings: messages.earningsColumn,
                    refunded: messages.refundedColumn,
                  }}
                />
              )}
            </Section>
            <TopSkinsTable
              title={messages.bestSellersTitle}
              hint={messages.bestSellersHint}
              empty={messages.bestSellersEmpty}
              file="best-selling-skins"
              rows={data.skinPurchasePopularity}
              columns={authorSalesRankColumns}
              note={(row) => (
                <>
                  {row.authorShare != null && row.authorPart !== row.authorShare ? (
                    <Text size="xs" c="dimmed">
                      {columns.coAuthoredPart(formatAmount(row.authorShare))}
                    </Text>
                  ) : null}
                  {row.refundCount > 0 ? (
                    <Text size="xs" c="dimmed">
                      {columns.refunds(row.refundCount)}
                    </Text>
                  ) : null}
                </>
              )}
            />
          </Stack>
        ) : null}
        <ItemPerformanceTable />
      </Stack>
    );
  }

  return (
    <PageContainer title={messages.title} description={messages.description}>
      {body}
    </PageContainer>
  );
}
