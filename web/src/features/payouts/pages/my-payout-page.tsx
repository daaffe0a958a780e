import { useParams } from 'react-router';
import { useQuery } from 'urql';
import { PayoutBreadcrumbs } from '../components/payout-breadcrumbs';
import { PayoutDetails } from '../components/payout-details';
import { PayoutLoadState } from '../components/payout-load-state';
import { PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account-payouts.messages';
import { MyPayoutQuery } from '../lib/my-payouts.documents';

const payouts = accountMessages.payouts;

/** One payout: its card, the items table and the fee charts (spec 2.11). */
export function MyPayoutPage() {
  const { id = '' } = useParams();
  const [result, refetch] = useQuery({
    query: MyPayoutQuery,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const payout = result.data?.payout;
  const content = payout ? (
    <PayoutDetails payout={payout} audience="author" />
  ) : (
    <PayoutLoadState
      error={result.error}
      loaded={Boolean(result.data)}
      onRetry={() => refetch({ requestPolicy: 'network-only' })}
      back={{ to: '/me/payouts', label: payouts.back }}
      messages={{
        notFoundTitle: payouts.notFoundTitle,
        notFound: payouts.notFound,
        failed: payouts.detailLoadFailed,
        loading: payouts.loading,
      }}
    />
  );

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
