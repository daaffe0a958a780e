import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { gameNames, SkinThumbnail } from '../../../shared/skin-card';
import { UserAvatar } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import type { SocialSubject } from '../lib/social-draft';
import { socialMediaMessages } from '../social-media.messages';
import classes from './social-media.module.css';

const texts = socialMediaMessages.subject;

export type SubjectFlags = { hidden: boolean; takenDown: boolean; blocked: boolean };

/**
 * The chosen subject as a card: the skin's picture (or the author's avatar), its title, the author
 * with their flag, links to the public pages, and a way to choose another skin.
 */
export function SocialSubjectCard({ subject, flags }: { subject: SocialSubject; flags?: SubjectFlags }) {
  const { author } = subject;
  const authorPath = `/authors/${encodeURIComponent(author.url)}`;
  const skin = subject.kind === 'skin' ? subject.skins[0] : undefined;
  const imageCount = subject.skins.reduce((sum, entry) => sum + entry.images.length, 0);

  return (
    <Card withBorder padding="md" className={classes.subject}>
      <div className={classes.subjectMedia}>
        {skin ? (
          <SkinThumbnail src={skin.images[0]?.cardUrl} alt={skin.title} />
        ) : (
          <div className={classes.subjectAvatar}>
            <UserAvatar username={author.username} url={author.avatarUrl} size={96} radius={999} />
          </div>
        )}
      </div>
      <Stack gap={6} miw={0} className={classes.subjectBody}>
        <Group gap={6}>
          <Badge radius="sm" variant="light" color={skin ? 'electric' : 'magenta'}>
            {skin ? texts.skinBadge : texts.authorBadge}
          </Badge>
          {skin ? (
            <Badge radius="sm" variant="default">
              {gameNames[skin.type].name}
            </Badge>
          ) : null}
          {flags?.hidden ? (
            <Badge radius="sm" color="magenta" variant="filled">
              {texts.hidden}
            </Badge>
          ) : null}
          {flags?.takenDown ? (
            <Badge radius="sm" color="red" variant="filled">
              {texts.takenDown}
            </Badge>
          ) : null}
          {flags?.blocked ? (
            <Badge radius="sm" color="red" variant="filled">
              {texts.blocked}
            </Badge>
          ) : null}
        </Group>
        <Title order={2} className={classes.subjectTitle}>
          {skin ? skin.title : author.username}
        </Title>
        <Group gap={6} wrap="nowrap" miw={0}>
          <CountryFlag code={author.country} size="0.95rem" />
          {skin ? (
            <Text size="sm" c="dimmed">
              {texts.by}
            </Text>
          ) : null}
          <Anchor component={Link} to={authorPath} size="sm" fw={600} truncate>
            {author.username}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {skin
            ? texts.imagesCount(imageCount)
            : `${texts.skinsCount(subject.skins.length)} · ${texts.imagesCount(imageCount)}`}
        </Text>
        <Group gap="xs" mt={4}>
          {skin ? (
            <Button
              component={Link}
              to={`/skins/${encodeURIComponent(skin.url)}`}
              size="xs"
              variant="light"
              leftSection={<IconExternalLink size={14} aria-hidden />}
            >
              {texts.openSkin}
            </Button>
          ) : null}
          <Button
            component={Link}
            to={authorPath}
            size="xs"
            variant="light"
            leftSection={<IconExternalLink size={14} aria-hidden />}
          >
            {texts.openAuthor}
          </Button>
          <Button
            component={Link}
            to="/admin/social-media"
            size="xs"
            variant="default"
            leftSection={<IconArrowsExchange size={14} aria-hidden />}
          >
            {texts.change}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
