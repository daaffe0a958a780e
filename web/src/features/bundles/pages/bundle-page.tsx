import { Container } from '@mantine/core';
import { siteMessages } from '../../../shared/messages/site.messages';
import { BackLink, DetailSkeleton } from '../../../shared/ui';
import { bundlesMessages } from '../bundles.messages';

/** A bundle's page (/bundles/{url}): card with the purchase button, gallery, the bundle's skins. */
export function BundlePage() {
  return (
    <Container size="xl" py="xl" w="100%">
      <title>{siteMessages.documentTitle(bundlesMessages.listTitle)}</title>
      <BackLink to="/bundles">{bundlesMessages.backToBundles}</BackLink>
      <DetailSkeleton label={bundlesMessages.loadingBundle} />
    </Container>
  );
}
