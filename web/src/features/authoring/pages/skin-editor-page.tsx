import { Grid } from '@mantine/core';
import { IconCarCrash } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { GAME_TYPES } from '../../../../../domain/catalog/item-editor.schemas';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import type { EditableSkinQuery as EditableSkinResult } from '../../../shared/graphql/generated/graphql';
import { PageContainer } from '../../../shared/ui';
import { CoAuthorsSection } from '../components/co-authors-section';
import { PublishVersionSection } from '../components/publish-version-section';
import { SkinEditorForm } from '../components/skin-editor-form';
import { itemEditorMessages } from '../item-editor.messages';
import { EditableSkinQuery } from '../lib/item-editor.documents';
import type { EditableSkin } from '../lib/skin-editor-values';
import { EditItemPage, editableQueryOf, keptImagesOf, pageKindOf, useEditorExits } from './item-editor-page';

const editor = itemEditorMessages.skinEditor;

const SKIN_PAGE = pageKindOf('skin', <IconCarCrash stroke={1.5} />);

function gameOf(value: string | null): GameType | null {
  return (GAME_TYPES as readonly string[]).includes(value ?? '') ? (value as GameType) : null;
}

function editableOf(skin: NonNullable<EditableSkinResult['skin']>): EditableSkin {
  const { resources, colorVariations, tags, ...fields } = skin;
  return {
    ...fields,
    images: keptImagesOf(resources),
    colorVariations: colorVariations.map((variation) => variation.id),
    tags: tags.map((tag) => tag.slug),
  };
}

/** /me/skin/edit/{url}: the skin in the editor, and below it the form that publishes a new version. */
function EditSkin({ url }: { url: string }) {
  const exits = useEditorExits(SKIN_PAGE);
  const result = useQuery({
    query: EditableSkinQuery,
    variables: { url },
    requestPolicy: 'cache-and-network',
  });
  return (
    <EditItemPage kind={SKIN_PAGE} query={editableQueryOf(result, (data) => data.skin)}>
      {(skin) => (
        <>
          <SkinEditorForm key={skin.id} skin={editableOf(skin)} withVariations {...exits} />
          {/* Its own form, below the editor's and as wide as its main column. */}
          <Grid gap="lg" mt="xl">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <PublishVersionSection skinId={skin.id} listed={skin.published && !skin.takedown} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <CoAuthorsSection itemType="SKIN" itemId={skin.id} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </EditItemPage>
  );
}

/**
 * The skin editor: /me/publish/skin for a new skin (?variations=true adds the color-variations
 * picker, ?type= fixes the game), /me/skin/edit/{url} for an existing one.
 */
export function SkinEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const exits = useEditorExits(SKIN_PAGE);
  if (id) return <EditSkin url={id} />;

  const withVariations = params.get('variations') === 'true';
  return (
    <PageContainer
      title={withVariations ? editor.variationsTitle : editor.newTitle}
      description={editor.description}
    >
      <SkinEditorForm
        skin={null}
        fixedType={gameOf(params.get('type'))}
        withVariations={withVariations}
        {...exits}
      />
    </PageContainer>
  );
}
