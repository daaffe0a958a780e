import { ActionIcon } from '@mantine/core';
import { IconBrandInstagram } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../session';
import { skinCardMessages as messages } from './skin-card.messages';
import { DeferredTooltip } from '../ui/deferred-tooltip';
import classes from './skin-card.module.css';

export interface SocialShortcutProps {
  /** A skin (`?s=`) or an author (`?a=`). */
  kind: 'skin' | 'author';
  /** The skin's or the author's url. */
  url: string;
  /** The skin's title or the author's name, for the accessible name. */
  title: string;
  className?: string;
}

/** Where the admin's social media page opens with a skin or an author chosen. */
export function socialShortcutPath(kind: SocialShortcutProps['kind'], url: string): string {
  return `/admin/social-media?${kind === 'skin' ? 's' : 'a'}=${encodeURIComponent(url)}`;
}

/**
 * Spec 2.13 and 6: on skin and author cards, admins get a shortcut to post the skin or the author on
 * social media. Nothing renders for anyone else. It is a link of its own (never inside the card's
 * link), and a click on it does not reach the card.
 */
export function SocialShortcut({ kind, url, title, className }: SocialShortcutProps) {
  const { user, hasRoles } = useSession();
  if (!user || !hasRoles(['admin'])) return null;
  const label = messages.socialShortcut(title);
  return (
    <DeferredTooltip label={label} withArrow openDelay={300}>
      <ActionIcon
        component={Link}
        to={socialShortcutPath(kind, url)}
        aria-label={label}
        className={className ? `${classes.shortcut} ${className}` : classes.shortcut}
        variant="filled"
        radius="xl"
        size="md"
        onClick={(event) => event.stopPropagation()}
      >
        <IconBrandInstagram size={16} aria-hidden />
      </ActionIcon>
    </DeferredTooltip>
  );
}
