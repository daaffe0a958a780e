import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import type { SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CardGridProps<T extends { id: string | number }> {
  items: readonly T[] | undefined;
  renderItem: (item: T, index: number) => ReactNode;
  /** A placeholder card, shown `skeletonCount` times while `loading` (or until items arrive). */
  skeleton: ReactNode;
  loadingLabel: string;
  loading?: boolean;
  skeletonCount?: number;
  cols: SimpleGridProps['cols'];
}

/** A responsive list of cards (skins, bundles), or of skeleton cards while they load. */
export function CardGrid<T extends { id: string | number }>({
  items,
  renderItem,
  skeleton,
  loadingLabel,
  loading = false,
  skeletonCount = 3,
  cols,
}: CardGridProps<T>) {
  if (loading || !items) {
    return (
      <SimpleGrid cols={cols} spacing="lg" verticalSpacing="xl" role="status" aria-busy="true">
        <VisuallyHidden>{loadingLabel}</VisuallyHidden>
        {Array.from({ length: skeletonCount }, (_, index) => (
          <div key={index}>{skeleton}</div>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid
      component="ul"
      cols={cols}
      spacing="lg"
      verticalSpacing="xl"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item, index) => (
        <li key={item.id}>{renderItem(item, index)}</li>
      ))}
    </SimpleGrid>
  );
}
