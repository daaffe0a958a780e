import { Card } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';

const page = adminMessages.skins;

/** All skins with search and a game filter (spec 2.13). */
export function AdminSkinsPage() {
  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Card withBorder>
        <EmptyState icon={<IconPalette stroke={1.5} />} message={page.empty} />
      </Card>
    </PageContainer>
  );
}
