import { Avatar } from '@mantine/core';
import type { AvatarProps } from '@mantine/core';
import { accountMessages } from '../account.messages';

/** The user's avatar (served 400x400 from /public), or their initial on the accent colour. */
export function UserAvatar({
  username,
  url,
  ...props
}: { username: string; url: string | null | undefined } & Omit<AvatarProps, 'src' | 'alt'>) {
  return (
    <Avatar
      src={url ?? null}
      alt={accountMessages.profile.avatarAlt(username)}
      color="electric.4"
      variant="filled"
      autoContrast
      {...props}
    >
      {username.slice(0, 1).toUpperCase() || '?'}
    </Avatar>
  );
}
