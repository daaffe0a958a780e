import { useParams } from 'react-router';
import { PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { PublishingRules } from '../components/publishing-rules';

/** The bundle editor: /me/publish/bundle for a new bundle, /me/bundle/edit/{url} for an existing one. */
export function BundleEditorPage() {
  const { id } = useParams();
  const editor = accountMessages.bundleEditor;
  return (
    <PageContainer title={id ? editor.editTitle : editor.newTitle} description={editor.description}>
      <PublishingRules withZip={false} />
    </PageContainer>
  );
}
