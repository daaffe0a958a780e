import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CountryFlag } from '../ui/country-flag';
import { itemCardMessages as messages } from './item-card.messages';
import base from './item-card.module.css';

export interface ItemCardAuthorProps {
  author: { country?: string | null; url: string; username: string };
  /** The link's own class (the bundle card raises it above its stretched title link). */
  linkClassName?: string;
}

/** A card's author line: the flag, 'by' and the author's name, a link to the author's page. */
export function ItemCardAuthor({ author, linkClassName }: ItemCardAuthorProps) {
  return (
    <Group gap={6} wrap="nowrap" className={base.author}>
      <CountryFlag code={author.country} size="0.9rem" />
      <Text component="span" size="sm" c="dimmed" className={base.by}>
        {messages.byAuthor}
      </Text>
      <Anchor
        component={Link}
        to={`/authors/${encodeURIComponent(author.url)}`}
        size="sm"
        fw={600}
        c="var(--mantine-color-text)"
        className={linkClassName}
        truncate
      >
        {author.username}
      </Anchor>
    </Group>
  );
}
