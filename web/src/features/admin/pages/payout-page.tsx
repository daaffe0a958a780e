import { useParams } from 'react-router';
import { BackLink, DetailSkeleton, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';

const payouts = adminMessages.payouts;

/** One author's payout as the admin sees it (/admin/payout/{id}). */
export function PayoutPage() {
  const { id = '' } = useParams();
  return (
    <PageContainer title={payouts.detailTitle(id)} eyebrow={adminMessages.eyebrow}>
      <BackLink to="/admin/payouts">{payouts.back}</BackLink>
      <DetailSkeleton label={payouts.loading} />
    </PageContainer>
  );
}
