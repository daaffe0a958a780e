import { Badge, Group } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { skinsMessages } from '../skins.messages';

const messages = skinsMessages.tags;

/** A skin page's tags, each a link to the gallery filtered by it (every game, so none is missed). */
export function SkinTagLinks({ tags }: { tags: readonly { id: string; slug: string; name: string }[] }) {
  if (tags.length === 0) return null;
  return (
    <Group component="ul" gap={6} aria-label={messages.onSkin} m={0} p={0} style={{ listStyle: 'none' }}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Badge
            component={Link}
            to={`/skins?t=all&tag=${encodeURIComponent(tag.slug)}`}
            variant="outline"
            radius="xl"
            size="md"
            leftSection={<IconTag size={12} aria-hidden />}
            aria-label={messages.showAllTagged(tag.name)}
            style={{ cursor: 'pointer', textTransform: 'none' }}
            data-tag={tag.slug}
          >
            {tag.name}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
