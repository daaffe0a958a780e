import { useEffect } from 'react';
import { Card } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { useAuthorMenu } from '../hooks/use-author-menu';

const dashboard = accountMessages.dashboard;

/** Download statistics of the author's skins (spec 2.11). */
export function CreativityDashboardPage() {
  const { markSeen } = useAuthorMenu();
  // Opening the page retires its NEW badge in the menu.
  useEffect(() => markSeen('dashboard'), [markSeen]);
  return (
    <PageContainer title={dashboard.title} description={dashboard.description}>
      <Card withBorder>
        <EmptyState icon={<IconChartBar stroke={1.5} />} message={dashboard.empty} />
      </Card>
    </PageContainer>
  );
}
