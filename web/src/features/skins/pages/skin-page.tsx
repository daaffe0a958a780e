import { Anchor, Button, Container, Group, Title } from '@mantine/core';
import { IconCarCrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { galleryImagesOf, MediaGallery, videoEmbedOf } from '../../../shared/gallery';
import { ListLoadError } from '../../../shared/listing';
import { siteMessages } from '../../../shared/messages/site.messages';
import { BackLink, DetailSkeleton, EmptyState, MessageWithUserText } from '../../../shared/ui';
import { SkinCardGrid } from '../../../shared/skin-card';
import { SkinInfoCard } from '../components/skin-info-card';
import { SkinStickyBar } from '../components/skin-sticky-bar';
import type { SkinDetail } from '../components/skin-info-card';
import { SkinDetailQuery } from '../lib/skins.documents';
import { useSkinWithViewerState } from '../lib/use-skin-viewer-state';
import { skinsMessages } from '../skins.messages';
import { TakedownNotice } from '../../../shared/moderation';
import { useSession } from '../../../shared/session';
import { useFirstScreenShown } from '../../../shared/ui/after-first-screen';
import classes from './skin-page.module.css';
import { useItemView } from '../../../shared/item-views/use-item-view';

// Below the fold and collapsed: kept out of the page's first load.
const SkinVersionHistory = lazy(() =>
  import('../components/skin-version-history').then((module) => ({ default: module.SkinVersionHistory })),
);
// Shown once the first screen is: kept out of the page's first load too.
const ItemComments = lazy(() =>
  import('../../../shared/comments').then((module) => ({ default: module.ItemComments })),
);

function SkinView({ skin }: { skin: SkinDetail }) {
  const images = useMemo(() => galleryImagesOf(skin.resources), [skin.resources]);
  const video = useMemo(() => videoEmbedOf(skin.videoUrl), [skin.videoUrl]);
  const { user } = useSession();
  // Comments, versions and the author's other skins are below the first screen (or beside it): they
  // ask for their data and render once it is shown.
  const belowShown = useFirstScreenShown();
  return (
    <>
      <title>{siteMessages.documentTitle(skin.title)}</title>
      {/* Answered to the author and admins only: the others cannot open a taken-down skin. */}
      {skin.takedown ? (
        <div className={classes.notice}>
          <TakedownNotice
            itemType="SKIN"
            takedown={skin.takedown}
            audience={user && String(user.id) === skin.author.id ? 'author' : 'admin'}
          />
        </div>
      ) : null}
      {/* Media and comments on the left, the card beside both; on a phone: media, card, comments. */}
      <div className={classes.layout}>
        <div className={classes.media}>
          <MediaGallery title={skin.title} images={images} video={video} emptyText={skinsMessages.noMedia} />
        </div>
        <div className={classes.card}>
          <SkinInfoCard skin={skin} />
        </div>
        <div className={classes.comments}>
          {belowShown ? (
            <Suspense fallback={null}>
              <ItemComments item={{ kind: 'skin', id: skin.id }} />
            </Suspense>
          ) : null}
        </div>
      </div>
      {belowShown ? (
        <Suspense fallback={null}>
          <SkinVersionHistory skinId={skin.id} url={skin.url} price={skin.price} />
        </Suspense>
      ) : null}
      {belowShown && skin.moreFromAuthor.length > 0 ? (
        <section className={classes.more} aria-labelledby="more-from-author">
          <Group justify="space-between" align="baseline" mb="md" gap="xs">
            <Title order={2} id="more-from-author" className={classes.moreTitle}>
              <MessageWithUserText message={skinsMessages.moreFromAuthor} text={skin.author.username} />
            </Title>
            <Anchor component={Link} to={`/authors/${encodeURIComponent(skin.author.url)}`} size="sm">
              {skinsMessages.allFromAuthor(skin.author.username)}
            </Anchor>
          </Group>
          <SkinCardGrid skins={skin.moreFromAuthor} cols={{ base: 1, xs: 2, md: 4 }} headingOrder={3} />
        </section>
      ) : null}
      <SkinStickyBar skin={skin} />
    </>
  );
}

/**
 * A skin's page (/skins/{url}, spec 2.7): the gallery or video, the card with rating and button, and
 * the comments.
 */
export function SkinPage() {
  const { url = '' } = useParams();
  const [{ data, fetching, error }, refetch] = useQuery({ query: SkinDetailQuery, variables: { url } });
  const skin = useSkinWithViewerState(data?.skin);
  useItemView('SKIN', skin?.id);
  useEffect(() => {
    if (error) console.error('The skin could not be loaded', error);
  }, [error]);

  let content;
  if (skin) {
    content = <SkinView skin={skin} />;
  } else if (fetching) {
    content = (
      <>
        <title>{siteMessages.documentTitle(skinsMessages.loadingSkin)}</title>
        <DetailSkeleton label={skinsMessages.loadingSkin} />
      </>
    );
  } else if (error) {
    content = (
      <>
        <title>{siteMessages.documentTitle(skinsMessages.listTitle)}</title>
        <ListLoadError
          message={skinsMessages.skinLoadFailed}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
        />
      </>
    );
  } else {
    content = (
      <>
        <title>{siteMessages.documentTitle(skinsMessages.notFoundTitle)}</title>
        <EmptyState
          icon={<IconCarCrash stroke={1.5} />}
          title={skinsMessages.notFoundTitle}
          message={skinsMessages.notFound}
          actions={
            <Button component={Link} to="/skins">
              {skinsMessages.browseSkins}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <Container size="xl" py="xl" w="100%">
      <BackLink to="/skins">{skinsMessages.backToSkins}</BackLink>
      {content}
    </Container>
  );
}
