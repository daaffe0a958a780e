import { Group, Skeleton } from '@mantine/core';
import classes from './bundle-card.module.css';

/** The card's shape while the list loads. */
export function BundleCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden="true">
      <div className={classes.stack} />
      <Skeleton radius={0} className={classes.skeletonMedia} />
      <div className={classes.body}>
        <Skeleton h={20} w="70%" />
        <Skeleton h={14} w="40%" mt={4} />
        <Skeleton h={14} w="90%" mt={4} />
        <Group justify="space-between" className={classes.footer}>
          <Skeleton h={24} w={96} />
          <Skeleton h={36} w={112} radius="md" />
        </Group>
      </div>
    </div>
  );
}
