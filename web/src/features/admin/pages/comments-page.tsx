import { Card } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';

const page = adminMessages.comments;

/** All comments (spec 2.13). */
export function CommentsPage() {
  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Card withBorder>
        <EmptyState icon={<IconMessages stroke={1.5} />} message={page.empty} />
      </Card>
    </PageContainer>
  );
}
