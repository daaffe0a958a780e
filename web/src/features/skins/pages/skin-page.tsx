import { Container } from '@mantine/core';
import { siteMessages } from '../../../shared/messages/site.messages';
import { BackLink, DetailSkeleton } from '../../../shared/ui';
import { skinsMessages } from '../skins.messages';

/** A skin's page (/skins/{url}): gallery, card with rating and buy button, comments. */
export function SkinPage() {
  return (
    <Container size="xl" py="xl" w="100%">
      <title>{siteMessages.documentTitle(skinsMessages.listTitle)}</title>
      <BackLink to="/skins">{skinsMessages.backToSkins}</BackLink>
      <DetailSkeleton label={skinsMessages.loadingSkin} />
    </Container>
  );
}
