import type { SimpleGridProps } from '@mantine/core';
import { CardGrid } from '../ui/card-grid';
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
  /** For a grid at the top of a page: this many first cards load their pictures at once. */
  leadCount?: number;
}

/** A responsive grid of skin cards, or of skeleton cards while they load. */
export function SkinCardGrid({
  skins,
  loading = false,
  skeletonCount = 3,
  cols = { base: 1, xs: 2, md: 3 },
  headingOrder,
  leadCount = 0,
}: SkinCardGridProps) {
  return (
    <CardGrid
      items={skins}
      renderItem={(skin, index) => (
        <SkinCard skin={skin} headingOrder={headingOrder} lead={index < leadCount} />
      )}
      skeleton={<SkinCardSkeleton />}
      loadingLabel={messages.loading}
      loading={loading}
      skeletonCount={skeletonCount}
      cols={cols}
    />
  );
}
