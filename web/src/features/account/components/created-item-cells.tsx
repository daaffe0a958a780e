import { ActionIcon, Badge, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconEyeOff, IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { gameNames } from '../../../shared/skin-card';
import classes from './created-items.module.css';

/** The visibility column: an eye for published, a crossed eye for hidden, named for screen readers. */
export function VisibilityIcon({
  published,
  labels,
  size = 'lg',
}: {
  published: boolean;
  labels: { published: string; hidden: string };
  size?: 'md' | 'lg';
}) {
  const label = published ? labels.published : labels.hidden;
  return (
    <Tooltip label={label} openDelay={300}>
      <ThemeIcon variant="light" color={published ? 'teal' : 'gray'} radius="xl" size={size}>
        {published ? (
          <IconEye size={size === 'lg' ? 18 : 15} aria-hidden />
        ) : (
          <IconEyeOff size={size === 'lg' ? 18 : 15} aria-hidden />
        )}
        <VisuallyHidden>{label}</VisuallyHidden>
      </ThemeIcon>
    </Tooltip>
  );
}

/** The small 16:9 picture of a row. */
export function RowPreview({ src, alt }: { src: string | null | undefined; alt: string }) {
  return src ? (
    <img
      src={src}
      alt={alt}
      className={classes.preview}
      width={112}
      height={63}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <div className={classes.preview} role="img" aria-label={alt}>
      <IconPhoto size={22} stroke={1.4} aria-hidden />
    </div>
  );
}

export function GameBadge({ type }: { type: GameType }) {
  const game = gameNames[type];
  return (
    <Tooltip label={game.name} openDelay={300}>
      <Badge variant="light" radius="sm" className={classes.game} styles={{ label: { overflow: 'visible' } }}>
        <span aria-hidden>{game.short}</span>
        <VisuallyHidden>{game.name}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/** An icon button of the actions column, with its name as a tooltip. */
export function RowAction({
  label,
  children,
  ...props
}: {
  label: string;
  children: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
  color?: string;
}) {
  return (
    <Tooltip label={label} openDelay={300}>
      <ActionIcon variant="light" size="lg" aria-label={label} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
