import type { SimpleGridProps } from '@mantine/core';
import { CardGrid } from '../ui/card-grid';
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
  /** For a grid at the top of a page: this many first cards load their pictures at once. */
  leadCount?: number;
}

/** A responsive grid of bundle cards, or of skeleton cards while they load. */
export function BundleCardGrid({
  bundles,
  loading = false,
  skeletonCount = 3,
  cols = { base: 1, sm: 2, md: 3 },
  headingOrder,
  leadCount = 0,
}: BundleCardGridProps) {
  return (
    <CardGrid
      items={bundles}
      renderItem={(bundle, index) => (
        <BundleCard bundle={bundle} headingOrder={headingOrder} lead={index < leadCount} />
      )}
      skeleton={<BundleCardSkeleton />}
      loadingLabel={messages.loading}
      loading={loading}
      skeletonCount={skeletonCount}
      cols={cols}
    />
  );
}
