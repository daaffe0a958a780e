import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import type { SimpleGridProps } from '@mantine/core';
import type { BundleCardFieldsFragment } from '../graphql/generated/graphql';
import { BundleCard } from './bundle-card';
import type { BundleCardProps } from './bundle-card';
import { BundleCardSkeleton } from './bundle-card-skeleton';
import { bundleCardMessages as messages } from './bundle-card.messages';

export interface BundleCardGridProps {
  bundles: readonly BundleCardFieldsFragment[] | undefined;
  /** Shows this many skeleton cards instead of the bundles. */
  loading?: boolean;
  skeletonCount?: number;
  /** DESIGN.md: bundles 3 columns, one on a phone. */
  cols?: SimpleGridProps['cols'];
  headingOrder?: BundleCardProps['headingOrder'];
}

/** A responsive grid of bundle cards, or of skeleton cards while they load. */
export function BundleCardGrid({
  bundles,
  loading = false,
  skeletonCount = 3,
  cols = { base: 1, sm: 2, md: 3 },
  headingOrder,
}: BundleCardGridProps) {
  if (loading || !bundles) {
    return (
      <SimpleGrid cols={cols} spacing="lg" verticalSpacing="xl" role="status" aria-busy="true">
        <VisuallyHidden>{messages.loading}</VisuallyHidden>
        {Array.from({ length: skeletonCount }, (_, index) => (
          <BundleCardSkeleton key={index} />
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
      {bundles.map((bundle) => (
        <li key={bundle.id}>
          <BundleCard bundle={bundle} headingOrder={headingOrder} />
        </li>
      ))}
    </SimpleGrid>
  );
}
