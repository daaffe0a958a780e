import { ActionIcon } from '@mantine/core';
import { IconBrandInstagram } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DeferredTooltip } from '../ui/deferred-tooltip';
import { skinCardMessages as messages } from './skin-card.messages';
import { socialShortcutPath, type SocialShortcutProps } from './social-shortcut-path';
import classes from './skin-card.module.css';

/** The admins' shortcut itself (SocialShortcut decides whether it shows). */
export function SocialShortcutButton({ kind, url, title, className }: SocialShortcutProps) {
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
