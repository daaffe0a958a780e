import { Button, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useQuery } from 'urql';
import { BundleCardGrid } from '../../../shared/bundle-card';
import { usePurchaseResult } from '../../../shared/cart';
import {
  ListFilterBar,
  ListLoadError,
  ListPagination,
  listingMessages,
  useListParams,
  useListPaging,
  useSearchBox,
} from '../../../shared/listing';
import { DEFAULT_GAME } from '../../../shared/skin-card';
import { EmptyState, PageContainer, PurchaseResultBanner } from '../../../shared/ui';
import { bundlesMessages } from '../bundles.messages';
import {
  BUNDLE_SORTS,
  BUNDLES_PAGE_SIZE,
  bundlesListVariables,
  readBundlesFilters,
  writeBundlesFilters,
} from '../lib/bundles-filters';
import { BundlesListQuery } from '../lib/bundles.documents';

const messages = bundlesMessages.filters;
const sortOptions = BUNDLE_SORTS.map((sort) => ({ value: sort, label: messages.sorts[sort] }));

/**
 * The bundles list (spec 2.8): sort, game and search kept in the query string like the skins list's,
 * 10 bundle cards a page in 3 columns. /bundles/success and /bundles/failed add the purchase banner.
 */
export function BundlesPage() {
  const purchaseResult = usePurchaseResult();
  const { state: filters, update } = useListParams(readBundlesFilters, writeBundlesFilters);
  const search = useSearchBox(filters.search, (next) => update({ search: next }, { replace: true }));
  const [{ data, fetching, error }, refetch] = useQuery({
    query: BundlesListQuery,
    variables: bundlesListVariables(filters),
  });
  const page = data?.bundles;
  const { listTop, totalPages, goToPage, resultsLine } = useListPaging({
    name: 'bundles',
    fetching,
    error,
    pageInfo: page?.pageInfo,
    page: filters.page,
    search: filters.search,
    searchTooShort: search.tooShort,
    update,
    results: bundlesMessages.results,
    resultsFor: bundlesMessages.resultsFor,
  });
  const filtered = filters.search !== '' || filters.game !== DEFAULT_GAME;

  return (
    <PageContainer
      title={bundlesMessages.listTitle}
      eyebrow={bundlesMessages.listEyebrow}
      description={bundlesMessages.listDescription}
    >
      {purchaseResult ? <PurchaseResultBanner result={purchaseResult} /> : null}

      <ListFilterBar
        label={messages.label}
        search={search}
        searchLabel={messages.search}
        searchPlaceholder={messages.searchPlaceholder}
        game={{ value: filters.game, onChange: (game) => update({ game }) }}
        sort={{ value: filters.sort, options: sortOptions, onChange: (sort) => update({ sort }) }}
      />

      <div ref={listTop} style={{ scrollMarginTop: 'calc(64px + 7rem)' }}>
        <Text size="sm" c="dimmed" mb="md" aria-live="polite" aria-atomic="true">
          {resultsLine}
        </Text>

        {error && !fetching ? (
          <ListLoadError
            message={bundlesMessages.loadFailed}
            onRetry={() => refetch({ requestPolicy: 'network-only' })}
          />
        ) : page && !fetching && page.content.length === 0 ? (
          <EmptyState
            icon={<IconStack2 stroke={1.5} />}
            message={bundlesMessages.noMatch}
            actions={
              filtered ? (
                // Spec 2.8: clears the search and goes back to the default game.
                <Button onClick={() => update({ search: '', game: DEFAULT_GAME })}>
                  {listingMessages.clearSearchQuery}
                </Button>
              ) : null
            }
          />
        ) : (
          <BundleCardGrid
            bundles={fetching ? undefined : page?.content}
            loading={fetching}
            skeletonCount={Math.min(BUNDLES_PAGE_SIZE, page?.content.length || 6)}
            headingOrder={2}
            leadCount={1}
          />
        )}

        {error ? null : (
          <ListPagination
            label={bundlesMessages.pagination}
            total={totalPages}
            value={filters.page}
            onChange={goToPage}
          />
        )}
      </div>
    </PageContainer>
  );
}
