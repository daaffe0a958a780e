import { Button, Card } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';

const myBundles = accountMessages.myBundles;

/** The bundles the user has created, with visibility and edit buttons. */
export function MyBundlesPage() {
  const create = (
    <Button component={Link} to="/me/publish/bundle" leftSection={<IconPlus size={18} aria-hidden />}>
      {myBundles.create}
    </Button>
  );
  return (
    <PageContainer title={myBundles.title} description={myBundles.description} actions={create}>
      <Card withBorder>
        <EmptyState icon={<IconStack2 stroke={1.5} />} message={myBundles.empty} />
      </Card>
    </PageContainer>
  );
}
