import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import type { SimpleGridProps } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

// A grid's first cards render at once, the others a few at a time after them, each batch in a
// short task of its own: a phone draws the first screen sooner and stays responsive meanwhile.
const FIRST_CARDS = 4;
const NEXT_CARDS = 4;

/** How many of `total` cards to render: four more after each render until all are there. */
function useGrowingCount(total: number): number {
  const [count, setCount] = useState(FIRST_CARDS);
  useEffect(() => {
    if (count < total) startTransition(() => setCount((shown) => shown + NEXT_CARDS));
  }, [count, total]);
  return count;
}

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
  const count = useGrowingCount(loading ? 0 : (items?.length ?? 0));
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
      // Busy while cards are still being added: assistive technology and tests wait for the whole list.
      aria-busy={count < items.length || undefined}
      cols={cols}
      spacing="lg"
      verticalSpacing="xl"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.slice(0, count).map((item, index) => (
        <li key={item.id}>{renderItem(item, index)}</li>
      ))}
    </SimpleGrid>
  );
}
