import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import type { SimpleGridProps } from '@mantine/core';
import type { SkinCardFieldsFragment } from '../graphql/generated/graphql';
import { SkinCard } from './skin-card';
import type { SkinCardProps } from './skin-card';
import { SkinCardSkeleton } from './skin-card-skeleton';
import { skinCardMessages as messages } from './skin-card.messages';

export interface SkinCardGridProps {
  skins: readonly SkinCardFieldsFragment[] | undefined;
  /** Shows this many skeleton cards instead of the skins. */
  loading?: boolean;
  skeletonCount?: number;
  /** DESIGN.md: one column on a phone, up to 3-4 on a desktop. */
  cols?: SimpleGridProps['cols'];
  headingOrder?: SkinCardProps['headingOrder'];
}

/** A responsive grid of skin cards, or of skeleton cards while they load. */
export function SkinCardGrid({
  skins,
  loading = false,
  skeletonCount = 3,
  cols = { base: 1, xs: 2, md: 3 },
  headingOrder,
}: SkinCardGridProps) {
  if (loading || !skins) {
    return (
      <SimpleGrid cols={cols} spacing="lg" verticalSpacing="xl" role="status" aria-busy="true">
        <VisuallyHidden>{messages.loading}</VisuallyHidden>
        {Array.from({ length: skeletonCount }, (_, index) => (
          <SkinCardSkeleton key={index} />
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
      {skins.map((skin) => (
        <li key={skin.id}>
          <SkinCard skin={skin} headingOrder={headingOrder} />
        </li>
      ))}
    </SimpleGrid>
  );
}
