import { Badge } from '@mantine/core';
import { IconBan, IconEyeOff } from '@tabler/icons-react';
import { moderationUiMessages } from '../moderation';
import { itemCardMessages as messages } from './item-card.messages';

/**
 * What the author (and admins) see of an item others cannot: 'Hidden' while it is unpublished, and
 * the takedown badge once an admin took it down. Nothing for a listed item.
 */
export function ItemStatusBadges({ published, takenDown }: { published: boolean; takenDown: boolean }) {
  return (
    <>
      {published ? null : (
        <Badge
          variant="filled"
          color="magenta"
          radius="sm"
          leftSection={<IconEyeOff size={12} aria-hidden />}
        >
          {messages.hiddenBadge}
        </Badge>
      )}
      {takenDown ? (
        <Badge variant="filled" color="red.9" radius="sm" leftSection={<IconBan size={12} aria-hidden />}>
          {moderationUiMessages.takedown.badge}
        </Badge>
      ) : null}
    </>
  );
}
