import { Button, Card, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { formatAmount } from '../../../shared/format';
import type { SiteMoneyFragment } from '../../../shared/graphql/generated/graphql';
import { gameNames } from '../../../shared/skin-card/game-types';
import { BarChartWithTable, CountChart, DownloadsChart, Legend, seriesTooltip } from '../components/charts';
import { CsvButton, euros } from '../components/csv-export';
import {
  downloadRankColumns,
  salesRankColumns,
  Section,
  StatCard,
  TopSkinsTable,
} from '../components/dashboard-parts';
import {
  countsByDay,
  countsByMonth,
  downloadsByMonth,
  formatCount,
  monthKey,
  salesByMonth,
  type PaymentTypeRow,
} from '../lib/figures';
import { PeriodPicker, useKeptWhileLoading, useStatisticsPeriod } from '../components/period';
import { statisticsMessages } from '../statistics.messages';
import classes from '../components/statistics.module.css';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-dashboard.messages';
import { SiteDashboardQuery } from '../lib/site-dashboard.documents';

const page = adminMessages.dashboard;
const paymentTypeColors: Record<string, string> = {
  STRIPE: '#00d8fb',
  PAYPAL: '#ffb020',
  BANK_TRANSFER: '#8f7cff',
};
const GROWTH_COLORS = { users: '#ff3595', skins: '#3ddc84' };
const typeName = (type: string) => page.paymentTypes[type] ?? type;

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy aria-label={page.loading}>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={110} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={260} radius="md" />
      <Skeleton h={380} radius="md" />
    </Stack>
  );
}

/** What buyers paid, the fees and the refunds in the fixed windows and the chosen period. */
function SpendingTable({ windows }: { windows: { name: string; figures: SiteMoneyFragment }[] }) {
  const t = page.spending;
  const columns = [
    { header: t.payments, value: (row: SiteMoneyFragment) => row.paymentCount },
    { header: t.spent, value: (row: SiteMoneyFragment) => row.totalSpent, amount: true },
    { header: t.vat, value: (row: SiteMoneyFragment) => row.vatTotal, amount: true },
    { header: t.net, value: (row: SiteMoneyFragment) => row.netTotal, amount: true },
    { header: t.providerFees, value: (row: SiteMoneyFragment) => row.externalFeesTotal, amount: true },
    { header: t.siteFees, value: (row: SiteMoneyFragment) => row.internalFeesTotal, amount: true },
    { header: t.refunds, value: (row: SiteMoneyFragment) => row.refundCount },
    { header: t.refunded, value: (row: SiteMoneyFragment) => row.refundedTotal, amount: true },
    { header: t.refundedVat, value: (row: SiteMoneyFragment) => row.refundedVatTotal, amount: true },
  ];
  const csv = [
    { header: t.window, value: (row: (typeof windows)[number]) => row.name },
    ...columns.map((column) => ({
      header: column.header,
      value: (row: (typeof windows)[number]) =>
        column.amount ? euros(column.value(row.figures)) : column.value(row.figures),
    })),
  ];
  return (
    <Section
      title={t.title}
      hint={t.hint}
      actions={<CsvButton file="site-spending" what={t.title} columns={csv} rows={windows} />}
    >
      <Table.ScrollContainer minWidth={860}>
        <Table className={classes.table} striped data-testid="spending-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.window}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col" ta="right">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {windows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Th scope="row" fw={600}>
                  {row.name}
                </Table.Th>
                {columns.map((column) => (
                  <Table.Td key={column.header} ta="right" className={classes.numbers}>
                    {column.amount
                      ? formatAmount(column.value(row.figures))
                      : formatCount(column.value(row.figures))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

type PurchaseRow = {
  year: number;
  month: number;
  paymentStatus: string;
  paymentType: string;
  totalCount: number;
  totalPrice: number;
  vat: number;
  net: number;
};

/** Every month, status and type of the period's orders, as the purchase history gives them. */
function OrdersDetail({ rows }: { rows: readonly PurchaseRow[] }) {
  const t = page.sales;
  const csv = [
    { header: statisticsMessages.month, value: (row: PurchaseRow) => monthKey(row.year, row.month) },
    { header: t.status, value: (row: PurchaseRow) => row.paymentStatus },
    { header: t.type, value: (row: PurchaseRow) => row.paymentType },
    { header: t.orders, value: (row: PurchaseRow) => row.totalCount },
    { header: t.amount, value: (row: PurchaseRow) => euros(row.totalPrice) },
    { header: t.vat, value: (row: PurchaseRow) => euros(row.vat) },
    { header: t.net, value: (row: PurchaseRow) => euros(row.net) },
  ];
  return (
    <details className={classes.details}>
      <summary>{t.detailTitle}</summary>
      <Stack gap={4} mt="xs" align="flex-end">
        <CsvButton file="site-orders-by-month" what={t.detailTitle} columns={csv} rows={rows} />
      </Stack>
      <Table.ScrollContainer minWidth={640}>
        <Table className={classes.table} striped>
          <Table.Caption>{t.detailTitle}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{statisticsMessages.month}</Table.Th>
              <Table.Th scope="col">{t.status}</Table.Th>
              <Table.Th scope="col">{t.type}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t.orders}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.amount}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.vat}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.net}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.year}-${row.month}-${row.paymentStatus}-${row.paymentType}`}>
                <Table.Td>{monthKey(row.year, row.month)}</Table.Td>
                <Table.Td>{page.statuses[row.paymentStatus] ?? row.paymentStatus}</Table.Td>
                <Table.Td>{typeName(row.paymentType)}</Table.Td>
                <Table.Td ta="right" className={classes.numbers}>
                  {formatCount(row.totalCount)}
                </Table.Td>
                <Table.Td ta="right" className={classes.numbers}>
                  {formatAmount(row.totalPrice)}
                </Table.Td>
                <Table.Td ta="right" className={classes.numbers}>
                  {formatAmount(row.vat)}
                </Table.Td>
                <Table.Td ta="right" className={classes.numbers}>
                  {formatAmount(row.net)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </details>
  );
}

type GrowthRow = { key: string; users: number; skins: number };

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" py="md">
      {children}
    </Text>
  );
}

/** Site-wide statistics for admins: downloads, spending, sales, growth, activity and top-5 lists. */
export function SiteDashboardPage() {
  const { period, setPeriod } = useStatisticsPeriod('LAST_YEAR');
  const [{ data: answer, error, fetching }, reexecute] = useQuery({
    query: SiteDashboardQuery,
    variables: { period },
  });
  const data = useKeptWhileLoading(answer);
  const figures = useMemo(() => {
    if (!data) return null;
    const users = new Map(countsByMonth(data.siteActivity.newUsers).map((row) => [row.key, row.count]));
    const skins = new Map(countsByMonth(data.siteActivity.newSkins).map((row) => [row.key, row.count]));
    const growth: GrowthRow[] = [...new Set([...users.keys(), ...skins.keys()])]
      .sort()
      .map((key) => ({ key, users: users.get(key) ?? 0, skins: skins.get(key) ?? 0 }));
    const perGame = new Map<string, number>();
    for (const entry of data.downloadHistory)
      perGame.set(entry.game, (perGame.get(entry.game) ?? 0) + entry.total);
    return {
      sales: salesByMonth(data.purchaseHistory),
      downloads: downloadsByMonth(data.downloadHistory, 'total'),
      perGame: [...perGame.entries()].sort((a, b) => b[1] - a[1]),
      growth,
      events: countsByDay(data.siteActivity.eventsPerDay),
    };
  }, [data]);

  let body: ReactNode;
  if (!data || !figures) {
    body =
      fetching || !error ? (
        <DashboardSkeleton />
      ) : (
        <Card withBorder>
          <EmptyState
            icon={<IconLayoutDashboard stroke={1.5} />}
            message={page.loadFailed}
            actions={
              <Button variant="light" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
                {adminMessages.retry}
              </Button>
            }
          />
        </Card>
      );
  } else {
    const money = data.moneySpent;
    const downloads = data.downloadCount;
    const cards = page.cards;
    const dailyEvents = figures.events[0]?.key.length === 10;
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <StatCard
            label={cards.downloads}
            value={downloads.inPeriod.total}
            accent="#00d8fb"
            hint={cards.allTime(formatCount(downloads.allTime.total))}
          />
          <StatCard
            label={cards.uniqueDownloads}
            value={downloads.inPeriod.unique}
            accent="#8f7cff"
            hint={cards.allTime(formatCount(downloads.allTime.unique))}
          />
          <StatCard
            label={cards.spent}
            value={money.inPeriod.totalSpent}
            amount
            accent="#ff3595"
            hint={`${cards.vat(formatAmount(money.inPeriod.vatTotal), formatAmount(money.inPeriod.netTotal))} · ${cards.payments(money.inPeriod.paymentCount)} · ${cards.refunds(
              money.inPeriod.refundCount,
              formatAmount(money.inPeriod.refundedTotal),
            )}`}
          />
          <StatCard
            label={cards.siteFees}
            value={money.inPeriod.internalFeesTotal}
            amount
            accent="#ffb020"
            hint={cards.providerFees(formatAmount(money.inPeriod.externalFeesTotal))}
          />
        </SimpleGrid>
        <SpendingTable
          windows={[
            { name: page.spending.last30Days, figures: money.last30Days },
            { name: page.spending.lastYear, figures: money.lastYear },
            { name: page.spending.allTime, figures: money.allTime },
            { name: page.spending.period, figures: money.inPeriod },
          ]}
        />
        <Section title={page.sales.title} hint={page.sales.hint}>
          {figures.sales.rows.length === 0 ? (
            <Empty>{page.sales.empty}</Empty>
          ) : (
            <>
              <Legend
                series={figures.sales.types.map((type) => ({
                  name: typeName(type),
                  color: paymentTypeColors[type] ?? '#6c7587',
                }))}
              />
              <BarChartWithTable<PaymentTypeRow>
                testId="sales-chart"
                file="site-sales-per-month"
                rows={figures.sales.rows}
                keys={figures.sales.types}
                colors={(id) => paymentTypeColors[String(id)] ?? '#6c7587'}
                stacked
                left={64}
                padding={0.25}
                wideTicks={12}
                formatValue={formatAmount}
                tooltip={seriesTooltip<PaymentTypeRow>(typeName, formatAmount)}
                table={{
                  caption: page.sales.caption,
                  columns: figures.sales.types.map((type) => ({
                    header: typeName(type),
                    value: (row) => row[type] ?? 0,
                    amount: true,
                  })),
                }}
              />
            </>
          )}
          <OrdersDetail rows={data.purchaseHistory} />
        </Section>
        <Section
          title={page.downloads.title}
          actions={
            <CsvButton
              file="site-downloads-per-game"
              what={page.downloads.perGame}
              columns={[
                { header: page.downloads.game, value: (row: [string, number]) => row[0] },
                { header: statisticsMessages.total, value: (row: [string, number]) => row[1] },
              ]}
              rows={figures.perGame}
            />
          }
        >
          {figures.downloads.rows.length === 0 ? (
            <Empty>{page.downloads.empty}</Empty>
          ) : (
            <>
              <Text size="sm" c="dimmed" data-testid="downloads-per-game">
                {figures.perGame
                  .map(
                    ([game, total]) =>
                      `${gameNames[game as keyof typeof gameNames].name}: ${formatCount(total)}`,
                  )
                  .join(' · ')}
              </Text>
              <DownloadsChart
                rows={figures.downloads.rows}
                games={figures.downloads.games}
                measure="total"
                caption={page.downloads.caption}
                file="site-downloads-per-month"
              />
            </>
          )}
        </Section>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <TopSkinsTable
            title={page.top.downloadsTitle}
            empty={page.top.downloadsEmpty}
            file="site-top-downloads"
            rows={data.topDownloadedSkins}
            columns={downloadRankColumns}
          />
          <TopSkinsTable
            title={page.top.salesTitle}
            hint={page.top.salesHint}
            empty={page.top.salesEmpty}
            file="site-top-revenue"
            rows={data.skinPurchasePopularity}
            columns={salesRankColumns}
            note={(row) =>
              row.refundCount > 0 ? (
                <Text size="xs" c="dimmed">
                  {statisticsMessages.refunds(row.refundCount)}
                </Text>
              ) : null
            }
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Section title={page.growth.title}>
            {figures.growth.length === 0 ? (
              <Empty>{page.growth.empty}</Empty>
            ) : (
              <>
                <Legend
                  series={[
                    { name: page.growth.users, color: GROWTH_COLORS.users },
                    { name: page.growth.skins, color: GROWTH_COLORS.skins },
                  ]}
                />
                <BarChartWithTable<GrowthRow>
                  testId="growth-chart"
                  file="site-new-accounts-and-skins"
                  rows={figures.growth}
                  keys={['users', 'skins']}
                  colors={(id) => GROWTH_COLORS[id as keyof typeof GROWTH_COLORS]}
                  left={44}
                  padding={0.25}
                  wideTicks={6}
                  formatValue={formatCount}
                  tooltip={seriesTooltip<GrowthRow>(
                    (id) => (id === 'users' ? page.growth.users : page.growth.skins),
                    formatCount,
                  )}
                  table={{
                    caption: page.growth.caption,
                    columns: [
                      { header: page.growth.users, value: (row) => row.users },
                      { header: page.growth.skins, value: (row) => row.skins },
                    ],
                  }}
                />
              </>
            )}
          </Section>
          <Section title={page.activity.title} hint={page.activity.hint}>
            {figures.events.length === 0 ? (
              <Empty>{page.activity.empty}</Empty>
            ) : (
              <CountChart
                testId="events-chart"
                rows={figures.events}
                caption={dailyEvents ? page.activity.dailyCaption : page.activity.monthlyCaption}
                file={dailyEvents ? 'site-events-per-day' : 'site-events-per-month'}
                column={page.activity.column}
              />
            )}
          </Section>
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Stack gap="lg">
        <Card withBorder padding="md">
          <PeriodPicker period={period} onChange={setPeriod} daysToo />
        </Card>
        {body}
      </Stack>
    </PageContainer>
  );
}
