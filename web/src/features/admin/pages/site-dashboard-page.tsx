import { Card } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';

const page = adminMessages.dashboard;

/** Site-wide statistics: downloads, spending, charts, top 5 lists (spec 2.13). */
export function SiteDashboardPage() {
  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Card withBorder>
        <EmptyState icon={<IconLayoutDashboard stroke={1.5} />} message={page.empty} />
      </Card>
    </PageContainer>
  );
}
