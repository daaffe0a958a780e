import { SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconColorSwatch, IconPalette, IconStack2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import classes from './publish-page.module.css';

const publish = accountMessages.publish;

function Choice({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.choice}>
      <Stack gap="md">
        <ThemeIcon size={56} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

/** Choose what to publish: a skin, a skin with color variations, or a bundle (spec 2.11). */
export function PublishPage() {
  return (
    <PageContainer title={publish.title} description={publish.description}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Choice
          to="/me/publish/skin"
          icon={<IconPalette size={30} />}
          title={publish.skin}
          text={publish.skinText}
        />
        <Choice
          to="/me/publish/skin?variations=true"
          icon={<IconColorSwatch size={30} />}
          title={publish.variations}
          text={publish.variationsText}
        />
        <Choice
          to="/me/publish/bundle"
          icon={<IconStack2 size={30} />}
          title={publish.bundle}
          text={publish.bundleText}
        />
      </SimpleGrid>
    </PageContainer>
  );
}
