import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconAlertCircle, IconVersions } from '@tabler/icons-react';
import { CHANGELOG_MAX } from '../../../../../domain/community/skin-version.schemas';
import { ZipUploadField } from '../uploads';
import { usePublishVersion } from '../hooks/use-publish-version';
import { publishVersionMessages as messages } from '../publish-version.messages';
import { EditorSection } from './editor-section';

/**
 * The skin editor's "Publish a new version": a new ZIP (uploaded at once, as the source upload is)
 * and a changelog, validated by the schema the API uses. A published skin only.
 */
export function PublishVersionSection({ skinId, listed }: { skinId: string; listed: boolean }) {
  const { zip, zipError, form, failure, publishing, onSubmit } = usePublishVersion(skinId);

  if (!listed) {
    return (
      <EditorSection title={messages.title}>
        <Alert variant="light" color="gray" icon={<IconAlertCircle size={18} />}>
          {messages.notListed}
        </Alert>
      </EditorSection>
    );
  }

  return (
    <EditorSection title={messages.title} description={messages.description}>
      <form onSubmit={onSubmit} noValidate aria-label={messages.title}>
        <Stack gap="md">
          <ZipUploadField
            upload={zip}
            label={messages.zip}
            description={messages.zipHint}
            error={zipError}
            required
          />
          <Textarea
            label={messages.changelog}
            description={messages.changelogHint(CHANGELOG_MAX)}
            placeholder={messages.changelogPlaceholder}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={CHANGELOG_MAX + 100}
            {...form.getInputProps('changelog')}
          />
          {failure ? (
            <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />}>
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={publishing} leftSection={<IconVersions size={18} />}>
              {messages.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </EditorSection>
  );
}
