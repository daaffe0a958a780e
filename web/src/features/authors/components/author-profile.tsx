import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendar,
  IconDownload,
  IconPalette,
  IconStack2,
  IconStarFilled,
  IconUsers,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FollowButton, followsMessages } from '../../../shared/follows';
import { formatCountry, formatDate } from '../../../shared/format';
import type { AuthorDetailQuery } from '../../../shared/graphql/generated/graphql';
import { UserAvatar } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { authorsMessages as messages } from '../authors.messages';
import { socialLinksOf } from '../lib/social-links';
import { SocialLinks } from './social-links';
import classes from './author-profile.module.css';

export type AuthorDetail = NonNullable<AuthorDetailQuery['author']>;

/**
 * The head of an author's page: avatar, name, country, member since, their totals (skins, bundles,
 * downloads, rating with votes), bio and social links.
 */
export function AuthorProfile({ author }: { author: AuthorDetail }) {
  const links = useMemo(() => socialLinksOf(author), [author]);
  const country = author.country?.trim().toLowerCase();
  const bio = author.description?.trim();
  // The count the last follow or unfollow answered, until the page's own answer catches up.
  const [answered, setAnswered] = useState<{ from: number; count: number } | null>(null);
  const followerCount =
    answered && answered.from === author.followerCount ? answered.count : author.followerCount;
  return (
    <section className={classes.profile} aria-labelledby="author-name">
      <div className={classes.band} aria-hidden="true" />
      <div className={classes.inner}>
        <span className={classes.ring}>
          <UserAvatar username={author.username} url={author.avatar?.url} size={132} radius={999} />
        </span>
        <Stack gap="sm" className={classes.details}>
          <Text className={classes.eyebrow}>{messages.authorEyebrow}</Text>
          <Group gap="md" align="center" wrap="wrap">
            <Title order={1} id="author-name" className={classes.name}>
              {author.username}
            </Title>
            <FollowButton
              authorId={author.id}
              username={author.username}
              onFollowerCount={(count) => setAnswered({ from: author.followerCount, count })}
            />
          </Group>
          <Group gap="md" wrap="wrap" className={classes.facts}>
            {country && /^[a-z]{2}$/.test(country) ? (
              <Group gap={8} wrap="nowrap">
                <CountryFlag code={country} size="1.1rem" decorative />
                <Text size="sm" fw={600}>
                  {formatCountry(country)}
                </Text>
              </Group>
            ) : null}
            <Group gap={6} wrap="nowrap">
              <IconCalendar size={16} aria-hidden className={classes.factIcon} />
              <Text size="sm" c="dimmed">
                {messages.memberSince}{' '}
                <Text
                  component="time"
                  dateTime={author.createdAt}
                  inherit
                  fw={600}
                  c="var(--mantine-color-text)"
                >
                  {formatDate(author.createdAt)}
                </Text>
              </Text>
            </Group>
          </Group>
          <Group gap="xs" wrap="wrap" data-testid="author-totals">
            <Badge
              variant="light"
              radius="sm"
              leftSection={<IconUsers size={14} aria-hidden />}
              tt="none"
              data-testid="follower-count"
            >
              {followsMessages.followerCount(followerCount)}
            </Badge>
            <Badge variant="light" radius="sm" leftSection={<IconPalette size={14} aria-hidden />} tt="none">
              {messages.skinCount(author.skinCount)}
            </Badge>
            <Badge variant="light" radius="sm" leftSection={<IconStack2 size={14} aria-hidden />} tt="none">
              {messages.bundleCount(author.bundleCount)}
            </Badge>
            <Badge variant="light" radius="sm" leftSection={<IconDownload size={14} aria-hidden />} tt="none">
              {messages.downloadCount(author.downloadCount)}
            </Badge>
            <Badge
              variant="light"
              radius="sm"
              leftSection={<IconStarFilled size={14} aria-hidden />}
              tt="none"
            >
              {messages.rating(author.rating.average, author.rating.totalRatings)}
            </Badge>
          </Group>
          {bio ? <Text className={classes.bio}>{bio}</Text> : null}
          <SocialLinks links={links} label={messages.socialLinks(author.username)} />
        </Stack>
      </div>
    </section>
  );
}
