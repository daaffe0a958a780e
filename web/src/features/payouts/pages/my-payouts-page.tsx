import { Anchor, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconHelpCircle, IconWallet } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import type { PayoutStatus } from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { PAYOUT_STATUSES, usePayoutListParams } from '../hooks/use-payout-list-params';
import { PayoutListCard } from '../components/payout-list-card';
import { PayoutOverviewCard } from '../components/payout-overview-card';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account-payouts.messages';
import { useAuthorMenu } from '../../../shared/my-user/use-author-menu';
import { MyPayoutsQuery } from '../lib/my-payouts.documents';

const payouts = accountMessages.payouts;

/** Spec 7.2: the account lists show 10 a page. */
const PAGE_SIZE = 10;
const ALL = 'ALL';

const filterOptions = [
  { value: ALL, label: payouts.all },
  ...PAYOUT_STATUSES.map((status) => ({ value: status, label: payoutsMessages.status[status] })),
];

function HowItWorksLink() {
  return (
    <Anchor component={Link} to="/about-payout-system" fw={600} size="sm">
      <Group gap={6} component="span" wrap="nowrap">
        <IconHelpCircle size={18} aria-hidden />
        {payouts.howItWorks}
      </Group>
    </Anchor>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label={payouts.listLoading}>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} h={112} radius="md" />
      ))}
    </Stack>
  );
}

/** The author's payouts, newest first, with a status filter (spec 2.11). */
export function MyPayoutsPage() {
  const { markSeen } = useAuthorMenu();
  // Opening the page retires its NEW badge in the menu.
  useEffect(() => markSeen('payouts'), [markSeen]);

  const { status, page, setStatus, setPage } = usePayoutListParams();
  const [result, refetch] = useQuery({
    query: MyPayoutsQuery,
    variables: { page: { page: page - 1, size: PAGE_SIZE }, status },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (result.error) console.error('myPayouts failed', result.error);
  }, [result.error]);
  // Keep the last page on screen while the next one loads.
  const last = useRef(result.data);
  if (result.data) last.current = result.data;
  const list = (result.data ?? last.current)?.myPayouts;

  let content;
  if (list && list.content.length > 0) {
    content = (
      <Stack gap="sm" aria-busy={result.fetching}>
        {list.content.map((payout) => (
          <PayoutListCard key={payout.id} payout={payout} to={`/me/payouts/${payout.id}`} />
        ))}
      </Stack>
    );
  } else if (list) {
    content = (
      <Card withBorder>
        {status ? (
          <EmptyState
            icon={<IconWallet stroke={1.5} />}
            message={payouts.noneWithStatus(payoutsMessages.status[status])}
            actions={
              <Button variant="default" onClick={() => setStatus(null)}>
                {payouts.showAll}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<IconWallet stroke={1.5} />}
            title={payouts.empty}
            message={payouts.emptyHint}
            actions={<HowItWorksLink />}
          />
        )}
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError
        message={payouts.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = <ListSkeleton />;
  }

  return (
    <PageContainer title={payouts.title} description={payouts.description} actions={<HowItWorksLink />}>
      <PayoutOverviewCard />
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <SegmentedControl
          aria-label={payouts.filter}
          data={filterOptions}
          value={status ?? ALL}
          onChange={(value) => setStatus(value === ALL ? null : (value as PayoutStatus))}
          size="sm"
          radius="md"
          w={{ base: '100%', xs: 'auto' }}
        />
        {list && list.pageInfo.totalElements > 0 ? (
          <Text size="sm" c="dimmed" role="status">
            {payouts.total(list.pageInfo.totalElements)}
          </Text>
        ) : null}
      </Group>
      {content}
      {list ? (
        <ListPagination
          label={payouts.pagination}
          total={list.pageInfo.totalPages}
          value={page}
          onChange={setPage}
        />
      ) : null}
    </PageContainer>
  );
}
