import { useParams } from 'react-router';
import { BackLink, DetailSkeleton, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';

const payouts = accountMessages.payouts;

/** One payout: its card, the items table and the fee charts (spec 2.11). */
export function MyPayoutPage() {
  const { id = '' } = useParams();
  return (
    <PageContainer title={payouts.detailTitle(id)}>
      <BackLink to="/me/payouts">{payouts.back}</BackLink>
      <DetailSkeleton label={payouts.loading} />
    </PageContainer>
  );
}
