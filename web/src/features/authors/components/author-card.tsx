import { Badge, Group, Text, Title } from '@mantine/core';
import { IconDownload, IconPalette, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AuthorsListQuery } from '../../../shared/graphql/generated/graphql';
import { SocialShortcut } from '../../../shared/skin-card';
import { UserAvatar } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { authorsMessages as messages } from '../authors.messages';
import classes from './author-card.module.css';

export type AuthorSummary = AuthorsListQuery['authors']['content'][number];

/**
 * An author in the list: avatar (or the default one), flag, name, skin count, total downloads and
 * average rating (with the number of votes), and up to three of their most downloaded skins as a
 * sample of their work; one link to their page. Admins also get the social media shortcut, beside
 * the link rather than inside it.
 */
export function AuthorCard({ author }: { author: AuthorSummary }) {
  return (
    <div className={classes.frame}>
      <Link to={`/authors/${encodeURIComponent(author.url)}`} className={classes.card}>
        <span className={classes.ring}>
          <UserAvatar username={author.username} url={author.avatar?.url} size={88} radius={999} decorative />
        </span>
        <Title order={2} className={classes.name}>
          <CountryFlag code={author.country} size="1rem" />
          <Text component="span" inherit truncate>
            {author.username}
          </Text>
        </Title>
        <Badge
          variant="light"
          radius="sm"
          size="md"
          leftSection={<IconPalette size={14} aria-hidden />}
          className={classes.count}
        >
          {messages.skinCount(author.skinCount)}
        </Badge>
        <Group gap="md" justify="center" wrap="wrap" className={classes.stats}>
          <Group gap={4} wrap="nowrap">
            <IconDownload size={14} aria-hidden />
            <Text component="span" size="xs">
              {messages.downloadCount(author.downloadCount)}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconStarFilled size={14} aria-hidden className={classes.star} />
            <Text component="span" size="xs">
              {messages.rating(author.rating.average, author.rating.totalRatings)}
            </Text>
          </Group>
        </Group>
        {author.sampleSkins.length > 0 ? (
          // A glimpse of their work; the skins' names are left to their page (the card is one link).
          <span className={classes.samples} aria-hidden="true" data-testid="author-samples">
            {author.sampleSkins.map((skin) =>
              skin.thumbnail?.cardUrl ? (
                <img
                  key={skin.id}
                  src={skin.thumbnail.cardUrl}
                  alt=""
                  loading="lazy"
                  className={classes.sample}
                />
              ) : (
                <span key={skin.id} className={classes.sample} />
              ),
            )}
          </span>
        ) : null}
      </Link>
      <SocialShortcut
        kind="author"
        url={author.url}
        title={author.username}
        className={classes.socialShortcut}
      />
    </div>
  );
}
