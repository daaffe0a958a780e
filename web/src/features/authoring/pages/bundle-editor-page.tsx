import { Button } from '@mantine/core';
import { IconStackBack } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import type { EditableBundleQuery as EditableBundleResult } from '../../../shared/graphql/generated/graphql';
import { ListLoadError } from '../../../shared/listing';
import { TakedownNotice } from '../../../shared/moderation';
import { hasAllRoles, useSession } from '../../../shared/session';
import { DetailSkeleton, EmptyState, PageContainer } from '../../../shared/ui';
import { itemEditorMessages } from '../item-editor.messages';
import { BundleEditorForm } from '../components/bundle-editor-form';
import type { EditableBundle } from '../components/bundle-editor-form';
import { EditableBundleQuery } from '../lib/item-editor.documents';

const editor = itemEditorMessages.bundleEditor;

function editableOf(bundle: NonNullable<EditableBundleResult['bundle']>): EditableBundle {
  return {
    id: bundle.id,
    url: bundle.url,
    title: bundle.title,
    description: bundle.description,
    type: bundle.type,
    price: bundle.price,
    payWhatYouWant: bundle.payWhatYouWant,
    published: bundle.published,
    videoUrl: bundle.videoUrl,
    images: bundle.resources
      .filter((resource) => resource.type === 'IMAGE')
      .sort((a, b) => a.order - b.order)
      .map((resource) => ({
        id: resource.id,
        name: resource.title ?? '',
        previewUrl: resource.cardUrl ?? resource.url ?? '',
      })),
    skins: bundle.skins.map((skin) => skin.id),
  };
}

/** /me/bundle/edit/{url}: the author's bundle (or, for an admin, anyone's) in the editor. */
function EditBundle({ url }: { url: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const [{ data, fetching, error }, refetch] = useQuery({ query: EditableBundleQuery, variables: { url } });
  useEffect(() => {
    if (error) console.error('The bundle could not be loaded for editing', error);
  }, [error]);

  const bundle = data?.bundle;
  const mayEdit =
    bundle && user && (bundle.author.id === String(user.id) || hasAllRoles(user.roles, ['admin']));
  let content;
  if (bundle && mayEdit) {
    content = (
      <>
        {/* An admin's takedown: said at the top, as on the bundle's page (the form works as before). */}
        {bundle.takedown ? (
          <TakedownNotice
            itemType="BUNDLE"
            takedown={bundle.takedown}
            audience={bundle.author.id === String(user.id) ? 'author' : 'admin'}
            mb="xl"
          />
        ) : null}
        <BundleEditorForm
          key={bundle.id}
          bundle={editableOf(bundle)}
          onSaved={(saved) => void navigate(`/bundles/${encodeURIComponent(saved.url)}`)}
          onCancel={() => void navigate('/me/bundles')}
        />
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
        icon={<IconStackBack stroke={1.5} />}
        title={editor.notFoundTitle}
        message={editor.notFound}
        actions={
          <Button component={Link} to="/me/bundles">
            {editor.back}
          </Button>
        }
      />
    );
  }
  return (
    <PageContainer title={editor.editTitle} description={bundle ? bundle.title : editor.description}>
      {content}
    </PageContainer>
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
