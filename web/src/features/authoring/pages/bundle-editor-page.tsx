import { Grid } from '@mantine/core';
import { IconStackBack } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useQuery } from 'urql';
import type { EditableBundleQuery as EditableBundleResult } from '../../../shared/graphql/generated/graphql';
import { PageContainer } from '../../../shared/ui';
import { BundleEditorForm } from '../components/bundle-editor-form';
import { CoAuthorsSection } from '../components/co-authors-section';
import { itemEditorMessages } from '../item-editor.messages';
import type { EditableBundle } from '../lib/bundle-editor-values';
import { EditableBundleQuery } from '../lib/item-editor.documents';
import { EditItemPage, editableQueryOf, keptImagesOf, pageKindOf, useEditorExits } from './item-editor-page';

const editor = itemEditorMessages.bundleEditor;

const BUNDLE_PAGE = pageKindOf('bundle', <IconStackBack stroke={1.5} />);

function editableOf(bundle: NonNullable<EditableBundleResult['bundle']>): EditableBundle {
  const { resources, skins, ...fields } = bundle;
  return { ...fields, images: keptImagesOf(resources), skins: skins.map((skin) => skin.id) };
}

/** /me/bundle/edit/{url}: the bundle in the editor. */
function EditBundle({ url }: { url: string }) {
  const exits = useEditorExits(BUNDLE_PAGE);
  const result = useQuery({ query: EditableBundleQuery, variables: { url } });
  return (
    <EditItemPage kind={BUNDLE_PAGE} query={editableQueryOf(result, (data) => data.bundle)}>
      {(bundle) => (
        <>
          <BundleEditorForm key={bundle.id} bundle={editableOf(bundle)} {...exits} />
          <Grid gap="lg" mt="xl">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <CoAuthorsSection itemType="BUNDLE" itemId={bundle.id} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </EditItemPage>
  );
}

/** The bundle editor: /me/publish/bundle for a new bundle, /me/bundle/edit/{url} for an existing one. */
export function BundleEditorPage() {
  const { id } = useParams();
  const exits = useEditorExits(BUNDLE_PAGE);
  if (id) return <EditBundle url={id} />;
  return (
    <PageContainer title={editor.newTitle} description={editor.description}>
      <BundleEditorForm bundle={null} {...exits} />
    </PageContainer>
  );
}
