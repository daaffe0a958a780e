import { Card } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';

const page = adminMessages.users;

/** All registered users with search (spec 2.13). */
export function UsersPage() {
  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Card withBorder>
        <EmptyState icon={<IconUsers stroke={1.5} />} message={page.empty} />
      </Card>
    </PageContainer>
  );
}
