import { Badge, Button, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBan, IconEye, IconEyeOff, IconPhoto } from '@tabler/icons-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { gameNames } from '../../../shared/skin-card';
import classes from './created-items.module.css';

/**
 * The visibility column: an eye for published, a crossed eye for hidden, a ban sign for an item an
 * admin took down (whatever its author's switch says), named for screen readers.
 */
export function VisibilityIcon({
  published,
  takenDown = false,
  labels,
  size = 'lg',
}: {
  published: boolean;
  takenDown?: boolean;
  labels: { published: string; hidden: string; takenDown: string };
  size?: 'md' | 'lg';
}) {
  const label = takenDown ? labels.takenDown : published ? labels.published : labels.hidden;
  return (
    <Tooltip label={label} openDelay={300}>
      <ThemeIcon
        variant="light"
        color={takenDown ? 'red' : published ? 'teal' : 'gray'}
        radius="xl"
        size={size}
      >
        {takenDown ? (
          <IconBan size={size === 'lg' ? 18 : 15} aria-hidden />
        ) : published ? (
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

/**
 * A button of the actions column: its icon and a short visible word ("Hide"), its full name for
 * screen readers ("Hide Neon Livery from players", which starts with the word). `unavailable` (a
 * reason) keeps it focusable but inert (aria-disabled), so a tooltip and screen readers can say why.
 */
export function RowAction({
  label,
  text,
  children,
  unavailable,
  onClick,
  ...props
}: {
  label: string;
  /** The visible word. */
  text: string;
  children: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
  color?: string;
  unavailable?: string;
}) {
  const reasonId = useId();
  if (unavailable) {
    return (
      <>
        <Tooltip label={unavailable} openDelay={150} multiline w={260}>
          <Button
            variant="light"
            size="xs"
            leftSection={children}
            aria-label={label}
            aria-describedby={reasonId}
            aria-disabled="true"
            data-disabled
            onClick={(event) => event.preventDefault()}
            {...props}
          >
            {text}
          </Button>
        </Tooltip>
        <VisuallyHidden id={reasonId}>{unavailable}</VisuallyHidden>
      </>
    );
  }
  return (
    <Button variant="light" size="xs" leftSection={children} aria-label={label} onClick={onClick} {...props}>
      {text}
    </Button>
  );
}
