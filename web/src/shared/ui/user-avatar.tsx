import { Avatar } from '@mantine/core';
import type { AvatarProps } from '@mantine/core';
import { uiMessages } from './ui.messages';

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  username: string;
  /** The uploaded avatar (400x400 from /public); without one, the default avatar: the initial. */
  url: string | null | undefined;
  /** Hide it from assistive technology when the username is written beside it. */
  decorative?: boolean;
}

/** A user's avatar, or the default one: their initial on the accent colour. */
export function UserAvatar({ username, url, decorative = false, ...props }: UserAvatarProps) {
  return (
    <Avatar
      src={url ?? null}
      alt={decorative ? '' : uiMessages.avatarAlt(username)}
      color="electric.4"
      variant="filled"
      autoContrast
      aria-hidden={decorative || undefined}
      {...props}
    >
      {username.slice(0, 1).toUpperCase() || '?'}
    </Avatar>
  );
}
