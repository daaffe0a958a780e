import { Button, Card } from '@mantine/core';
import { IconPalette, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';

const mySkins = accountMessages.mySkins;

/** The skins the user has uploaded, with visibility and actions. */
export function MySkinsPage() {
  const upload = (
    <Button component={Link} to="/me/publish" leftSection={<IconUpload size={18} aria-hidden />}>
      {mySkins.upload}
    </Button>
  );
  return (
    <PageContainer title={mySkins.title} description={mySkins.description} actions={upload}>
      <Card withBorder>
        <EmptyState icon={<IconPalette stroke={1.5} />} message={mySkins.empty} />
      </Card>
    </PageContainer>
  );
}
