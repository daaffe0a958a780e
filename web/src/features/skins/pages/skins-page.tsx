import { IconPhotoSearch } from '@tabler/icons-react';
import { usePurchaseResult } from '../../../shared/cart';
import { EmptyState, PageContainer, PurchaseResultBanner } from '../../../shared/ui';
import { skinsMessages } from '../skins.messages';

/** The skins gallery; /skins/success and /skins/failed add the purchase banner (spec 2.1). */
export function SkinsPage() {
  const purchaseResult = usePurchaseResult();
  return (
    <PageContainer
      title={skinsMessages.listTitle}
      eyebrow={skinsMessages.listEyebrow}
      description={skinsMessages.listDescription}
    >
      {purchaseResult ? <PurchaseResultBanner result={purchaseResult} /> : null}
      <EmptyState icon={<IconPhotoSearch stroke={1.5} />} message={skinsMessages.noMatch} />
    </PageContainer>
  );
}
