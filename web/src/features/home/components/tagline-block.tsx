import { Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrush, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { openAuthModal, useSession } from '../../../shared/session';
import { PageTitle } from '../../../shared/ui';
import { homeMessages } from '../home.messages';
import classes from './tagline-block.module.css';

const tagline = homeMessages.tagline;

function AudienceCard({
  icon,
  title,
  text,
  accent,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  accent: string;
}) {
  return (
    <Card withBorder padding="xl" className={classes.card} data-accent={accent}>
      <Stack gap="md">
        <ThemeIcon size={52} radius="md" variant="light" color={accent} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={3} className={classes.cardTitle}>
          {title}
        </Title>
        <Text c="dimmed" size="md">
          {text}
        </Text>
      </Stack>
    </Card>
  );
}

/** Who the site is for: authors publish and sell; players download, rate and comment (spec 2.5). */
export function TaglineBlock() {
  const { user } = useSession();
  return (
    <section className={classes.section} aria-labelledby="tagline-title">
      <Container size="lg">
        <Stack align="center" gap="xl">
          <div id="tagline-title">
            <PageTitle order={2} eyebrow={tagline.eyebrow} align="center">
              {tagline.title}
            </PageTitle>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" w="100%">
            <AudienceCard
              icon={<IconBrush size={28} stroke={1.6} />}
              title={tagline.authorsTitle}
              text={tagline.authorsText}
              accent="magenta"
            />
            <AudienceCard
              icon={<IconDownload size={28} stroke={1.6} />}
              title={tagline.playersTitle}
              text={tagline.playersText}
              accent="electric"
            />
          </SimpleGrid>
          {user ? (
            <Button component={Link} to="/me/publish" size="lg" variant="outline">
              {tagline.publishSkin}
            </Button>
          ) : (
            <Button size="lg" onClick={() => openAuthModal('register')} className={classes.cta}>
              {tagline.createAccount}
            </Button>
          )}
        </Stack>
      </Container>
    </section>
  );
}
