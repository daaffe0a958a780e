import { IconStackBack } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import type { EditableBundleQuery as EditableBundleResult } from '../../../shared/graphql/generated/graphql';
import { PageContainer } from '../../../shared/ui';
import { BundleEditorForm } from '../components/bundle-editor-form';
import { itemEditorMessages } from '../item-editor.messages';
import type { EditableBundle } from '../lib/bundle-editor-values';
import { EditableBundleQuery } from '../lib/item-editor.documents';
import { EditItemPage, keptImagesOf } from './item-editor-page';
import type { ItemEditorPageKind } from './item-editor-page';

const editor = itemEditorMessages.bundleEditor;

const BUNDLE_PAGE: ItemEditorPageKind = {
  itemType: 'BUNDLE',
  name: 'bundle',
  texts: editor,
  listPath: '/me/bundles',
  emptyIcon: <IconStackBack stroke={1.5} />,
};

function editableOf(bundle: NonNullable<EditableBundleResult['bundle']>): EditableBundle {
  const { resources, skins, ...fields } = bundle;
  return { ...fields, images: keptImagesOf(resources), skins: skins.map((skin) => skin.id) };
}

/** /me/bundle/edit/{url}: the bundle in the editor. */
function EditBundle({ url }: { url: string }) {
  const navigate = useNavigate();
  const [{ data, fetching, error }, refetch] = useQuery({ query: EditableBundleQuery, variables: { url } });
  const query = {
    item: data?.bundle,
    hasData: Boolean(data),
    fetching,
    error,
    retry: () => refetch({ requestPolicy: 'network-only' }),
  };
  return (
    <EditItemPage kind={BUNDLE_PAGE} query={query}>
      {(bundle) => (
        <BundleEditorForm
          key={bundle.id}
          bundle={editableOf(bundle)}
          onSaved={(saved) => void navigate(`/bundles/${encodeURIComponent(saved.url)}`)}
          onCancel={() => void navigate('/me/bundles')}
        />
      )}
    </EditItemPage>
  );
}

/** The bundle editor: /me/publish/bundle for a new bundle, /me/bundle/edit/{url} for an existing one. */
export function BundleEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  if (id) return <EditBundle url={id} />;
  return (
    <PageContainer title={editor.newTitle} description={editor.description}>
      <BundleEditorForm
        bundle={null}
        onSaved={(saved) => void navigate(`/bundles/${encodeURIComponent(saved.url)}`)}
        onCancel={() => void navigate('/me/bundles')}
      />
    </PageContainer>
  );
}
