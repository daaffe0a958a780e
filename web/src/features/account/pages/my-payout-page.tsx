import { Button, Card } from '@mantine/core';
import { IconWalletOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { ListLoadError } from '../../../shared/listing';
import { PayoutBreadcrumbs, PayoutDetailSkeleton } from '../../../shared/payouts';
import { PayoutDetails } from '../../../shared/payouts/payout-details';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { MyPayoutQuery } from '../lib/payouts.documents';

const payouts = accountMessages.payouts;

/** One payout: its card, the items table and the fee charts (spec 2.11). */
export function MyPayoutPage() {
  const { id = '' } = useParams();
  const [result, refetch] = useQuery({
    query: MyPayoutQuery,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const failure = result.error ? graphqlFailureOf(result.error) : null;
  useEffect(() => {
    if (result.error && failure?.code !== 'NOT_FOUND') console.error('payout failed', result.error);
  }, [result.error, failure?.code]);
  const payout = result.data?.payout;

  let content;
  if (payout) {
    content = <PayoutDetails payout={payout} audience="author" />;
  } else if (failure?.code === 'NOT_FOUND' || (result.data && !payout)) {
    content = (
      <Card withBorder>
        <EmptyState
          icon={<IconWalletOff stroke={1.5} />}
          title={payouts.notFoundTitle}
          message={payouts.notFound}
          actions={
            <Button component={Link} to="/me/payouts" variant="default">
              {payouts.back}
            </Button>
          }
        />
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError
        message={payouts.detailLoadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = <PayoutDetailSkeleton label={payouts.loading} />;
  }

  return (
    <PageContainer title={payouts.detailTitle(id)}>
      <PayoutBreadcrumbs
        label={payouts.breadcrumb}
        list={{ to: '/me/payouts', label: payouts.back }}
        current={payouts.detailTitle(id)}
      />
      {content}
    </PageContainer>
  );
}
