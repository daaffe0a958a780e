import { Alert, Code, Stack, Text } from '@mantine/core';
import { IconBrandInstagram, IconInbox } from '@tabler/icons-react';
import type { SocialNetworksQuery } from '../../../shared/graphql/generated/graphql';
import { networkLabels, socialMediaMessages } from '../social-media.messages';

const texts = socialMediaMessages.setup;

type Setup = SocialNetworksQuery['socialNetworks'];

/**
 * How each network is reached, said plainly (as Admin → Mails says it for SMTP): through its API
 * when its keys are configured, else to the local outbox.
 */
export function SocialNetworkSetup({ setup }: { setup: Setup }) {
  const outbox = setup.filter((entry) => entry.delivery === 'OUTBOX');
  const api = setup.filter((entry) => entry.delivery === 'API');
  if (outbox.length === 0) {
    return (
      <Alert variant="light" color="teal" icon={<IconBrandInstagram />} title={texts.bothApiTitle}>
        <Text size="sm">{texts.bothApiText}</Text>
      </Alert>
    );
  }
  const names = outbox.map((entry) => networkLabels[entry.network]).join(texts.and);
  return (
    <Alert variant="light" color="electric" icon={<IconInbox />} title={texts.outboxTitle(names)}>
      <Stack gap={4}>
        <Text size="sm">{texts.outboxText(names)}</Text>
        {api.map((entry) => (
          <Text size="sm" key={entry.network}>
            {texts.apiLine(networkLabels[entry.network])}
          </Text>
        ))}
        {outbox.map((entry) => (
          <Text size="xs" c="dimmed" key={entry.network}>
            {texts.keysFor(networkLabels[entry.network])}
            <Code>{texts.keys[entry.network]}</Code>.
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
