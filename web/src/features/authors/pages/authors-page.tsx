import { IconUsers } from '@tabler/icons-react';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { authorsMessages } from '../authors.messages';

/** The authors list (16 a page, spec 7.2). */
export function AuthorsPage() {
  return (
    <PageContainer
      title={authorsMessages.listTitle}
      eyebrow={authorsMessages.listEyebrow}
      description={authorsMessages.listDescription}
    >
      <EmptyState icon={<IconUsers stroke={1.5} />} message={authorsMessages.noAuthors} />
    </PageContainer>
  );
}
