import { Group, Skeleton } from '@mantine/core';
import classes from './skin-card.module.css';

/** The card's shape while the list loads. */
export function SkinCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden="true">
      <Skeleton radius={0} className={classes.skeletonMedia} />
      <div className={classes.body}>
        <Skeleton h={20} w="75%" />
        <Skeleton h={14} w="45%" mt={4} />
        <Group justify="space-between" className={classes.footer}>
          <Skeleton h={14} w={96} />
          <Skeleton h={36} w={112} radius="md" />
        </Group>
      </div>
    </div>
  );
}
