import { IconStack2 } from '@tabler/icons-react';
import { usePurchaseResult } from '../../../shared/cart';
import { EmptyState, PageContainer, PurchaseResultBanner } from '../../../shared/ui';
import { bundlesMessages } from '../bundles.messages';

/** The bundles list; /bundles/success and /bundles/failed add the purchase banner (spec 2.8). */
export function BundlesPage() {
  const purchaseResult = usePurchaseResult();
  return (
    <PageContainer
      title={bundlesMessages.listTitle}
      eyebrow={bundlesMessages.listEyebrow}
      description={bundlesMessages.listDescription}
    >
      {purchaseResult ? <PurchaseResultBanner result={purchaseResult} /> : null}
      <EmptyState icon={<IconStack2 stroke={1.5} />} message={bundlesMessages.noMatch} />
    </PageContainer>
  );
}
