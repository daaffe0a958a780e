import { Button, Container, Grid, Group, Loader, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { galleryImagesOf, MediaGallery, videoEmbedOf } from '../../../shared/gallery';
import { ListLoadError } from '../../../shared/listing';
import { TakedownNotice } from '../../../shared/moderation';
import { useSession } from '../../../shared/session';
import { siteMessages } from '../../../shared/messages/site.messages';
import { SkinCardGrid } from '../../../shared/skin-card';
import { useFirstScreenShown } from '../../../shared/ui/after-first-screen';
import { BackLink, DetailSkeleton, EmptyState, PageTitle } from '../../../shared/ui';
import { bundlesMessages } from '../bundles.messages';
import { BundleInfoCard } from '../components/bundle-info-card';
import type { BundleDetail } from '../components/bundle-info-card';
import { useBundleWithViewerState } from '../lib/use-bundle-viewer-state';
import { BundleDetailQuery } from '../lib/bundles.documents';
import classes from './bundle-page.module.css';
import { useItemView } from '../../../shared/item-views/use-item-view';

// Shown once the first screen is: kept out of the page's first load.
const ItemComments = lazy(() =>
  import('../../../shared/comments').then((module) => ({ default: module.ItemComments })),
);

function BundleView({ bundle }: { bundle: BundleDetail }) {
  const images = useMemo(() => galleryImagesOf(bundle.resources), [bundle.resources]);
  const video = useMemo(() => videoEmbedOf(bundle.videoUrl), [bundle.videoUrl]);
  const { user } = useSession();
  // The comments, below the skins, ask for their data and render once the first screen is shown.
  const belowShown = useFirstScreenShown();
  return (
    <>
      <title>{siteMessages.documentTitle(bundle.title)}</title>
      {/* Answered to the author and admins only: the others cannot open a taken-down bundle. */}
      {bundle.takedown ? (
        <div className={classes.notice}>
          <TakedownNotice
            itemType="BUNDLE"
            takedown={bundle.takedown}
            audience={user && String(user.id) === bundle.author.id ? 'author' : 'admin'}
          />
        </div>
      ) : null}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <MediaGallery
            title={bundle.title}
            images={images}
            video={video}
            emptyText={bundlesMessages.noMedia}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <BundleInfoCard bundle={bundle} />
        </Grid.Col>
      </Grid>

      <section className={classes.contents} aria-labelledby="bundle-contents-title">
        <div id="bundle-contents-title" style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
          <PageTitle order={2}>{bundlesMessages.contentsTitle(bundle.skins.length)}</PageTitle>
        </div>
        {bundle.skins.length > 0 ? (
          <SkinCardGrid skins={bundle.skins} headingOrder={3} />
        ) : (
          <EmptyState icon={<IconStack2 stroke={1.5} />} message={bundlesMessages.contentsEmpty} />
        )}
      </section>

      {/* Below the skins, as wide as the media column above. */}
      <Grid gap="xl" className={classes.comments}>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          {belowShown ? (
            <Suspense fallback={null}>
              <ItemComments item={{ kind: 'bundle', id: bundle.id }} />
            </Suspense>
          ) : null}
        </Grid.Col>
      </Grid>
    </>
  );
}

/**
 * A bundle's page (/bundles/{url}, spec 2.5, 2.8): the card with the purchase button, the media, the
 * skins, and the comments (the skin page's section).
 */
export function BundlePage() {
  const { url = '' } = useParams();
  const [{ data, fetching, error }, refetch] = useQuery({ query: BundleDetailQuery, variables: { url } });
  const bundle = useBundleWithViewerState(data?.bundle);
  useItemView('BUNDLE', bundle?.id);
  useEffect(() => {
    if (error) console.error('The bundle could not be loaded', error);
  }, [error]);

  let content;
  if (bundle) {
    content = <BundleView bundle={bundle} />;
  } else if (fetching) {
    content = (
      <>
        <title>{siteMessages.documentTitle(bundlesMessages.loadingBundle)}</title>
        {/* Spec 2.8 names the loading text; the skeleton below says it to screen readers. */}
        <Group gap="xs" mb="md" aria-hidden>
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {bundlesMessages.loadingBundle}
          </Text>
        </Group>
        <DetailSkeleton label={bundlesMessages.loadingBundle} />
      </>
    );
  } else if (error) {
    content = (
      <>
        <title>{siteMessages.documentTitle(bundlesMessages.listTitle)}</title>
        <ListLoadError
          message={bundlesMessages.bundleLoadFailed}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
        />
      </>
    );
  } else {
    content = (
      <>
        <title>{siteMessages.documentTitle(bundlesMessages.notFoundTitle)}</title>
        <EmptyState
          icon={<IconStack2 stroke={1.5} />}
          title={bundlesMessages.notFoundTitle}
          message={bundlesMessages.notFound}
          actions={
            <Button component={Link} to="/bundles">
              {bundlesMessages.browseBundles}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <Container size="xl" py="xl" w="100%">
      <BackLink to="/bundles">{bundlesMessages.backToBundles}</BackLink>
      {content}
    </Container>
  );
}
