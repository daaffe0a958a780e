import { Card } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';

const history = accountMessages.purchaseHistory;

/** The user's orders: number, status, created date, items, total. */
export function PurchaseHistoryPage() {
  return (
    <PageContainer title={history.title} description={history.description}>
      <Card withBorder>
        <EmptyState icon={<IconReceipt stroke={1.5} />} message={history.empty} />
      </Card>
    </PageContainer>
  );
}
