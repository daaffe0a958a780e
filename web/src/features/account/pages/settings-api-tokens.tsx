import { Button, Group } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SettingsSection } from './settings-section';

// The settings' way to the tokens page (web/src/features/api-tokens, docs/api-tokens.md).
export const apiTokensSectionMessages = {
  title: 'API tokens',
  description:
    'Personal tokens for your own scripts and tools: read your sales, manage your skins, with only the scopes you choose.',
  open: 'Manage API tokens',
} as const;

export function SettingsApiTokensSection() {
  const texts = apiTokensSectionMessages;
  return (
    <SettingsSection title={texts.title} description={texts.description} id="api-tokens">
      <Group>
        <Button
          component={Link}
          to="/me/settings/api-tokens"
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
        >
          {texts.open}
        </Button>
      </Group>
    </SettingsSection>
  );
}
