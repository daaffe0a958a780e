import { useParams } from 'react-router';
import { PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { PublishingRules } from '../components/publishing-rules';

/** The skin editor: /me/publish/skin for a new skin, /me/skin/edit/{url} for an existing one. */
export function SkinEditorPage() {
  const { id } = useParams();
  const editor = accountMessages.skinEditor;
  return (
    <PageContainer title={id ? editor.editTitle : editor.newTitle} description={editor.description}>
      <PublishingRules withZip={!id} />
    </PageContainer>
  );
}
