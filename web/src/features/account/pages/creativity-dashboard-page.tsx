import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useEffect, useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatAmount } from '../../../shared/format';
import type { DashboardSkinDownloadsFragment } from '../../../shared/graphql/generated/graphql';
import { gameNames } from '../../../shared/skin-card/game-types';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { DownloadsChart, EarningsChart, formatCount } from '../dashboard/dashboard-charts';
import { earningsByMonth, uniqueDownloadsByMonth } from '../dashboard/dashboard-figures';
import classes from '../dashboard/dashboard.module.css';
import { useAuthorMenu } from '../hooks/use-author-menu';
import { CreativityDashboardQuery } from '../lib/dashboard.documents';

const messages = accountMessages.dashboard;

function StatCard({ label, value, accent }: { label: string; value: number; accent: string }) {
  return (
    <Card withBorder padding="md" className={classes.stat} style={{ '--stat-accent': accent }}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.05em' }}>
        {label}
      </Text>
      <Text className={classes.statValue} mt={6} data-testid="stat-value">
        {formatCount(value)}
      </Text>
    </Card>
  );
}

/** A titled card: a section of the dashboard. */
function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId}>
        {title}
      </Title>
      {hint ? (
        <Text size="sm" c="dimmed" mt={2}>
          {hint}
        </Text>
      ) : null}
      <Stack gap="sm" mt="md">
        {children}
      </Stack>
    </Card>
  );
}

function SkinLink({ skin }: { skin: { url: string; title: string } }) {
  return (
    <Anchor component={Link} to={`/skins/${skin.url}`} fw={600} size="sm">
      {skin.title}
    </Anchor>
  );
}

function TopDownloads({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: DashboardSkinDownloadsFragment[];
  empty: string;
}) {
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          {empty}
        </Text>
      ) : (
        <Table className={classes.table} verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>{messages.rank}</Table.Th>
              <Table.Th>{messages.skin}</Table.Th>
              <Table.Th ta="right">{messages.unique}</Table.Th>
              <Table.Th ta="right">{messages.total}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.skin.id}>
                <Table.Td c="dimmed">{index + 1}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <SkinLink skin={row.skin} />
                    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {gameNames[row.skin.type].short}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatCount(row.unique)}
                </Table.Td>
                <Table.Td ta="right">{formatCount(row.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

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

/** Downloads of the author's skins and, once something sold, their earnings (spec 2.11). */
export function CreativityDashboardPage() {
  const { markSeen } = useAuthorMenu();
  // Opening the page retires its NEW badge in the menu.
  useEffect(() => markSeen('dashboard'), [markSeen]);
  const [{ data, error, fetching }, reexecute] = useQuery({ query: CreativityDashboardQuery });
  const downloads = useMemo(() => uniqueDownloadsByMonth(data?.downloadHistory ?? []), [data]);
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
    const sold = data.earningsHistory.length > 0 || data.skinPurchasePopularity.length > 0;
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <StatCard label={messages.cards.last30Unique} value={last30Days.unique} accent="#00d8fb" />
          <StatCard label={messages.cards.last30Total} value={last30Days.total} accent="#8f7cff" />
          <StatCard label={messages.cards.allTimeUnique} value={allTime.unique} accent="#ff3595" />
          <StatCard label={messages.cards.allTimeTotal} value={allTime.total} accent="#ffb020" />
        </SimpleGrid>
        <Section title={messages.downloadsChartTitle}>
          {downloads.rows.length === 0 ? (
            <Text c="dimmed" size="sm" py="md">
              {messages.downloadsChartEmpty}
            </Text>
          ) : (
            <DownloadsChart rows={downloads.rows} games={downloads.games} />
          )}
        </Section>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <TopDownloads
            title={messages.topLast30Title}
            rows={data.skinDownloadPopularity.last30Days}
            empty={messages.topLast30Empty}
          />
          <TopDownloads
            title={messages.topLastYearTitle}
            rows={data.skinDownloadPopularity.lastYear}
            empty={messages.topLastYearEmpty}
          />
        </SimpleGrid>
        {sold ? (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Section title={messages.earningsTitle} hint={messages.earningsHint}>
              <EarningsChart rows={earnings} />
            </Section>
            <Section title={messages.bestSellersTitle} hint={messages.bestSellersHint}>
              {data.skinPurchasePopularity.length === 0 ? (
                <Text c="dimmed" size="sm" py="md">
                  {messages.bestSellersEmpty}
                </Text>
              ) : (
                <Table className={classes.table} verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={32}>{messages.rank}</Table.Th>
                      <Table.Th>{messages.skin}</Table.Th>
                      <Table.Th ta="right">{messages.sold}</Table.Th>
                      <Table.Th ta="right">{messages.revenue}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.skinPurchasePopularity.map((row, index) => (
                      <Table.Tr key={row.skin.id}>
                        <Table.Td c="dimmed">{index + 1}</Table.Td>
                        <Table.Td>
                          <SkinLink skin={row.skin} />
                          {row.refundCount > 0 ? (
                            <Text size="xs" c="dimmed">
                              {messages.refunds(row.refundCount)}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td ta="right">{formatCount(row.totalCount)}</Table.Td>
                        <Table.Td ta="right" fw={700} className={classes.numbers}>
                          {formatAmount(row.totalPrice)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Section>
          </SimpleGrid>
        ) : null}
      </Stack>
    );
  }

  return (
    <PageContainer title={messages.title} description={messages.description}>
      {body}
    </PageContainer>
  );
}
