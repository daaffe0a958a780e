import { Group, Text } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import type { CSSProperties } from 'react';
import { skinCardMessages as messages } from './skin-card.messages';
import classes from './skin-stars.module.css';

export interface SkinStarsProps {
  average: number;
  count: number;
  size?: MantineSize;
  /** Write the average (two decimals) beside the stars. */
  withAverage?: boolean;
  /** Write the number of votes in brackets. */
  withCount?: boolean;
}

/** The average rating as read-only stars with the number of votes (spec 9: two decimals). */
export function SkinStars({
  average,
  count,
  size = 'sm',
  withAverage = false,
  withCount = true,
}: SkinStarsProps) {
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={messages.ratingLabel(average, count)}>
      <span
        className={classes.stars}
        // Quarter stars, as the average is shown to the eye; the label says it exactly.
        style={
          {
            '--stars-size': `var(--stars-size-${size})`,
            '--stars-fill': `${(Math.round(average * 4) / 4 / 5) * 100}%`,
          } as CSSProperties
        }
        aria-hidden
      />
      {withAverage && count > 0 ? (
        <Text component="span" size={size} fw={700} aria-hidden>
          {average.toFixed(2)}
        </Text>
      ) : null}
      {withCount ? (
        <Text component="span" size={size === 'sm' ? 'xs' : 'sm'} c="dimmed" aria-hidden>
          ({count})
        </Text>
      ) : null}
    </Group>
  );
}
