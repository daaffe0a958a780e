import { Button, Grid } from '@mantine/core';
import { IconCarCrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { GAME_TYPES } from '../../../../../domain/catalog/item-editor.schemas';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import type { EditableSkinQuery as EditableSkinResult } from '../../../shared/graphql/generated/graphql';
import { ListLoadError } from '../../../shared/listing';
import { TakedownNotice } from '../../../shared/moderation';
import { hasAllRoles, useSession } from '../../../shared/session';
import { DetailSkeleton, EmptyState, PageContainer } from '../../../shared/ui';
import { itemEditorMessages } from '../item-editor.messages';
import { PublishVersionSection } from '../components/publish-version-section';
import { SkinEditorForm } from '../components/skin-editor-form';
import type { EditableSkin } from '../components/skin-editor-form';
import { EditableSkinQuery } from '../lib/item-editor.documents';

const editor = itemEditorMessages.skinEditor;

function gameOf(value: string | null): GameType | null {
  return (GAME_TYPES as readonly string[]).includes(value ?? '') ? (value as GameType) : null;
}

function editableOf(skin: NonNullable<EditableSkinResult['skin']>): EditableSkin {
  return {
    id: skin.id,
    url: skin.url,
    title: skin.title,
    description: skin.description,
    type: skin.type,
    price: skin.price,
    payWhatYouWant: skin.payWhatYouWant,
    published: skin.published,
    availableAlone: skin.availableAlone,
    videoUrl: skin.videoUrl,
    colorPrimary: skin.colorPrimary,
    colorSecondary: skin.colorSecondary,
    rating: skin.rating,
    downloads: skin.downloads,
    images: skin.resources
      .filter((resource) => resource.type === 'IMAGE')
      .sort((a, b) => a.order - b.order)
      .map((resource) => ({
        id: resource.id,
        name: resource.title ?? '',
        previewUrl: resource.cardUrl ?? resource.url ?? '',
      })),
    colorVariations: skin.colorVariations.map((variation) => variation.id),
    tags: skin.tags.map((tag) => tag.slug),
  };
}

/** /me/skin/edit/{url}: the author's skin (or, for an admin, anyone's) in the editor. */
function EditSkin({ url }: { url: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: EditableSkinQuery,
    variables: { url },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (error) console.error('The skin could not be loaded for editing', error);
  }, [error]);

  const skin = data?.skin;
  const mayEdit = skin && user && (skin.author.id === String(user.id) || hasAllRoles(user.roles, ['admin']));
  let content;
  if (skin && mayEdit) {
    content = (
      <>
        {/* An admin's takedown: said at the top, as on the skin's page (the form works as before). */}
        {skin.takedown ? (
          <TakedownNotice
            itemType="SKIN"
            takedown={skin.takedown}
            audience={skin.author.id === String(user.id) ? 'author' : 'admin'}
            mb="xl"
          />
        ) : null}
        <SkinEditorForm
          key={skin.id}
          skin={editableOf(skin)}
          withVariations
          onSaved={(saved) => void navigate(`/skins/${encodeURIComponent(saved.url)}`)}
          onCancel={() => void navigate('/me/skins')}
        />
        {/* Its own form, below the editor's and as wide as its main column. */}
        <Grid gap="lg" mt="xl">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <PublishVersionSection skinId={skin.id} listed={skin.published && !skin.takedown} />
          </Grid.Col>
        </Grid>
      </>
    );
  } else if (fetching && !data) {
    content = <DetailSkeleton label={editor.loading} />;
  } else if (error && !data) {
    content = (
      <ListLoadError
        message={itemEditorMessages.editor.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = (
      <EmptyState
        icon={<IconCarCrash stroke={1.5} />}
        title={editor.notFoundTitle}
        message={editor.notFound}
        actions={
          <Button component={Link} to="/me/skins">
            {editor.back}
          </Button>
        }
      />
    );
  }
  return (
    <PageContainer title={editor.editTitle} description={skin ? skin.title : editor.description}>
      {content}
    </PageContainer>
  );
}

/**
 * The skin editor: /me/publish/skin for a new skin (?variations=true adds the color-variations
 * picker, ?type= fixes the game), /me/skin/edit/{url} for an existing one.
 */
export function SkinEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (id) return <EditSkin url={id} />;

  const withVariations = params.get('variations') === 'true';
  const fixedType = gameOf(params.get('type'));
  return (
    <PageContainer
      title={withVariations ? editor.variationsTitle : editor.newTitle}
      description={editor.description}
    >
      <SkinEditorForm
        skin={null}
        fixedType={fixedType}
        withVariations={withVariations}
        onSaved={(saved) => void navigate(`/skins/${encodeURIComponent(saved.url)}`)}
        onCancel={() => void navigate('/me/skins')}
      />
    </PageContainer>
  );
}
