import { Alert, Button, Container, Grid, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconCarCrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { siteMessages } from '../../../shared/messages/site.messages';
import { BackLink, DetailSkeleton, EmptyState } from '../../../shared/ui';
import { SkinInfoCard } from '../components/skin-info-card';
import type { SkinDetail } from '../components/skin-info-card';
import { SkinMedia } from '../components/skin-media';
import type { GalleryImage } from '../components/skin-media';
import { SkinDetailQuery } from '../lib/skins.documents';
import { videoEmbedOf } from '../lib/video-embed';
import { skinsMessages } from '../skins.messages';

/** The skin's screenshots in their order, with every size the gallery needs. */
function galleryImagesOf(skin: SkinDetail): GalleryImage[] {
  return skin.resources
    .filter((resource) => resource.type === 'IMAGE' && resource.url)
    .sort((a, b) => a.order - b.order)
    .map((resource) => ({
      id: resource.id,
      title: resource.title,
      url: resource.url!,
      previewUrl: resource.previewUrl ?? resource.url!,
      cardUrl: resource.cardUrl ?? resource.previewUrl ?? resource.url!,
      width: resource.width,
      height: resource.height,
    }));
}

function SkinView({ skin }: { skin: SkinDetail }) {
  const images = useMemo(() => galleryImagesOf(skin), [skin]);
  const video = useMemo(() => videoEmbedOf(skin.videoUrl), [skin.videoUrl]);
  return (
    <>
      <title>{siteMessages.documentTitle(skin.title)}</title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <SkinMedia title={skin.title} images={images} video={video} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <SkinInfoCard skin={skin} />
        </Grid.Col>
      </Grid>
    </>
  );
}

/** A skin's page (/skins/{url}, spec 2.7): the gallery or video, and the card with rating and button. */
export function SkinPage() {
  const { url = '' } = useParams();
  const [{ data, fetching, error }, refetch] = useQuery({ query: SkinDetailQuery, variables: { url } });
  useEffect(() => {
    if (error) console.error('The skin could not be loaded', error);
  }, [error]);

  let content;
  if (data?.skin) {
    content = <SkinView skin={data.skin} />;
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
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{skinsMessages.skinLoadFailed}</Text>
            <Button size="xs" variant="default" onClick={() => refetch({ requestPolicy: 'network-only' })}>
              {skinsMessages.retry}
            </Button>
          </Group>
        </Alert>
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
