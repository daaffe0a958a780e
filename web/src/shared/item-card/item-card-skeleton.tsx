import { Group, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import base from './item-card.module.css';

export interface ItemCardSkeletonProps {
  /** The card's own class beside the shared frame. */
  className?: string;
  /** What sits above the picture (the bundle card's stacked edges). */
  top?: ReactNode;
  /** The widths of the title's line and the text lines under it. */
  lineWidths: readonly [string, ...string[]];
  /** The height of the footer's left part (the skin's stars, the bundle's savings badge). */
  footerStartHeight: number;
}

/** A card's shape while its list loads: the picture, the title and lines, the footer and its button. */
export function ItemCardSkeleton({
  className,
  top,
  lineWidths: [titleWidth, ...lines],
  footerStartHeight,
}: ItemCardSkeletonProps) {
  return (
    <div className={className ? `${base.card} ${className}` : base.card} aria-hidden="true">
      {top}
      <Skeleton radius={0} className={base.skeletonMedia} />
      <div className={base.body}>
        <Skeleton h={20} w={titleWidth} />
        {lines.map((width, index) => (
          <Skeleton key={index} h={14} w={width} mt={4} />
        ))}
        <Group justify="space-between" className={base.footer}>
          <Skeleton h={footerStartHeight} w={96} />
          <Skeleton h={36} w={112} radius="md" />
        </Group>
      </div>
    </div>
  );
}
