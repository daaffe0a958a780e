import { Container } from '@mantine/core';
import { siteMessages } from '../../../shared/messages/site.messages';
import { BackLink, DetailSkeleton } from '../../../shared/ui';
import { authorsMessages } from '../authors.messages';

/** An author's page (/authors/{url}): profile, social links and skins. */
export function AuthorPage() {
  return (
    <Container size="xl" py="xl" w="100%">
      <title>{siteMessages.documentTitle(authorsMessages.listTitle)}</title>
      <BackLink to="/authors">{authorsMessages.backToAuthors}</BackLink>
      <DetailSkeleton label={authorsMessages.loadingAuthor} />
    </Container>
  );
}
