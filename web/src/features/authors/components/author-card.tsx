import { Badge, Text, Title } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AuthorsListQuery } from '../../../shared/graphql/generated/graphql';
import { SocialShortcut } from '../../../shared/skin-card';
import { UserAvatar } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { authorsMessages as messages } from '../authors.messages';
import classes from './author-card.module.css';

export type AuthorSummary = AuthorsListQuery['authors']['content'][number];

/**
 * An author in the list: avatar (or the default one), flag, name and skin count; one link to their
 * page. Admins also get the social media shortcut, beside the link rather than inside it.
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
