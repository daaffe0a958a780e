import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconPhotoSearch, IconRss } from '@tabler/icons-react';
import { useQuery } from 'urql';
import { usePurchaseResult } from '../../../shared/cart';
import {
  ListLoadError,
  ListPagination,
  listingMessages,
  useListPaging,
  useSearchBox,
} from '../../../shared/listing';
import { SkinCardGrid } from '../../../shared/skin-card';
import { gameNames } from '../../../shared/skin-card/game-types';
import { EmptyState, PageContainer, PurchaseResultBanner } from '../../../shared/ui';
import { SkinsFilterBar } from '../components/skins-filter-bar';
import { SkinsTagFilter } from '../components/skins-tag-filter';
import { useSkinsFilters } from '../hooks/use-skins-filters';
import { ALL_GAMES, SKINS_PAGE_SIZE, skinsFeedPath, skinsListVariables } from '../lib/skins-filters';
import { SkinsListQuery } from '../lib/skins.documents';
import { skinsMessages } from '../skins.messages';

/**
 * The skins gallery (spec 2.6): sort, game, search and price kept in the query string, 15 cards a
 * page, four columns on wide screens.
 * /skins/success and /skins/failed add the purchase banner (spec 2.1).
 */
export function SkinsPage() {
  const purchaseResult = usePurchaseResult();
  const { filters, update } = useSkinsFilters();
  const search = useSearchBox(filters.search, (next) => update({ search: next }, { replace: true }));
  const [{ data, fetching, error }, refetch] = useQuery({
    query: SkinsListQuery,
    variables: skinsListVariables(filters),
  });
  const page = data?.skins;
  const { listTop, totalPages, goToPage, resultsLine } = useListPaging({
    name: 'skins',
    fetching,
    error,
    pageInfo: page?.pageInfo,
    page: filters.page,
    search: filters.search,
    searchTooShort: search.tooShort,
    update,
    results: skinsMessages.results,
    resultsFor: skinsMessages.resultsFor,
  });

  return (
    <PageContainer
      title={skinsMessages.listTitle}
      eyebrow={skinsMessages.listEyebrow}
      description={skinsMessages.listDescription}
    >
      {purchaseResult ? <PurchaseResultBanner result={purchaseResult} /> : null}

      <SkinsFilterBar
        search={search}
        appliedSearch={filters.search}
        sort={filters.sort}
        onSort={(sort) => update({ sort })}
        game={filters.game}
        onGame={(game) => update({ game })}
        price={{
          price: filters.price,
          min: filters.min,
          max: filters.max,
          onPrice: (price) => update({ price }),
          onRange: (range) => update(range),
        }}
      />
      <SkinsTagFilter
        game={filters.game === ALL_GAMES ? null : filters.game}
        selected={filters.tags}
        onChange={(tags) => update({ tags })}
      />

      <div ref={listTop} style={{ scrollMarginTop: 'calc(64px + 10rem)' }}>
        <Group justify="space-between" gap="xs" mb="md" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite" aria-atomic="true">
            {resultsLine}
          </Text>
          {/* The default shows one game: say so, with the way to every game one click away. */}
          <Group gap={6} wrap="wrap">
            <Text size="sm" c="dimmed">
              {filters.game === ALL_GAMES
                ? skinsMessages.allGamesState
                : skinsMessages.gameState(gameNames[filters.game].name)}
            </Text>
            {filters.game === ALL_GAMES ? null : (
              <Button variant="subtle" size="compact-sm" onClick={() => update({ game: ALL_GAMES })}>
                {skinsMessages.showAllGames}
              </Button>
            )}
            {/* The newest skins of the game shown, for a feed reader (served by the server, not the app). */}
            <Anchor
              href={skinsFeedPath(filters.game)}
              size="sm"
              aria-label={skinsMessages.feedLabel(
                filters.game === ALL_GAMES ? null : gameNames[filters.game].name,
              )}
            >
              <Group gap={4} component="span" wrap="nowrap">
                <IconRss size={16} aria-hidden />
                {skinsMessages.feed}
              </Group>
            </Anchor>
          </Group>
        </Group>

        {error && !fetching ? (
          <ListLoadError
            message={skinsMessages.loadFailed}
            onRetry={() => refetch({ requestPolicy: 'network-only' })}
          />
        ) : page && !fetching && page.content.length === 0 ? (
          <EmptyState
            icon={<IconPhotoSearch stroke={1.5} />}
            message={
              filters.tags.length > 0 && filters.search === ''
                ? skinsMessages.tags.noMatch
                : skinsMessages.noMatch
            }
            actions={
              <>
                {filters.search !== '' ? (
                  <Button onClick={search.clear}>{listingMessages.clearSearchQuery}</Button>
                ) : null}
                {filters.tags.length > 0 ? (
                  <Button variant="default" onClick={() => update({ tags: [] })}>
                    {skinsMessages.tags.clear}
                  </Button>
                ) : null}
                {filters.game !== ALL_GAMES ? (
                  <Button variant="default" onClick={() => update({ game: ALL_GAMES })}>
                    {filters.search !== '' ? skinsMessages.searchAllGames : skinsMessages.showAllGames}
                  </Button>
                ) : null}
              </>
            }
          />
        ) : (
          <SkinCardGrid
            skins={fetching ? undefined : page?.content}
            loading={fetching}
            skeletonCount={Math.min(SKINS_PAGE_SIZE, page?.content.length || SKINS_PAGE_SIZE)}
            headingOrder={2}
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            leadCount={1}
          />
        )}

        {error ? null : (
          <ListPagination
            label={skinsMessages.pagination}
            total={totalPages}
            value={filters.page}
            onChange={goToPage}
          />
        )}
      </div>
    </PageContainer>
  );
}
