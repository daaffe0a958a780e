import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconAlertTriangle } from '@tabler/icons-react';
import { apiTokensMessages } from '../api-tokens.messages';

const texts = apiTokensMessages.secret;

/** A new token's secret, shown this once with a copy button; gone from the page once dismissed. */
export function NewTokenSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack gap="sm" role="region" aria-label={texts.title}>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title={texts.title}>
        {texts.warning}
      </Alert>
      <Code block data-testid="new-token-secret" style={{ wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <Group gap="sm">
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? texts.copied : texts.copy}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          {texts.done}
        </Button>
      </Group>
    </Stack>
  );
}
