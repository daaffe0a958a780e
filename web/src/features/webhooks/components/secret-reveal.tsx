import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { webhooksMessages as texts } from '../webhooks.messages';

/** The signing secret, shown once after it was made (an endpoint added or its secret rotated). */
export function SecretReveal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={texts.secret.title} centered size="lg">
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconKey />}>
          {texts.secret.body}
        </Alert>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="space-between">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? texts.secret.copied : texts.secret.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{texts.secret.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
