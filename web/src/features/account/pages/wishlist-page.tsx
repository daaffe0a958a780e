import { Button, Card, SimpleGrid, Text } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { BundleCard } from '../../../shared/bundle-card';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { SkinCard, SkinCardSkeleton } from '../../../shared/skin-card';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { REFRESHED_BY_WISHES } from '../../../shared/wishlist';
import { accountMessages } from '../account.messages';
import { MyWishlistQuery } from '../lib/follows-wishlist.documents';

const messages = accountMessages.wishlist;
const PAGE_SIZE = 12;
const COLS = { base: 1, sm: 2, lg: 3 };

/** The viewer's wishlist (/me/wishlist): the wished skins and bundles as cards, newest first. */
export function WishlistPage() {
  const [page, setPage] = useState(1);
  const [result, refetch] = useQuery({
    query: MyWishlistQuery,
    variables: { page: { page: page - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
    context: REFRESHED_BY_WISHES,
  });
  useEffect(() => {
    if (result.error) console.error('The wishlist could not be loaded', result.error);
  }, [result.error]);
  const list = result.data?.myWishlist;

  let content;
  if (list && list.content.length > 0) {
    content = (
      <SimpleGrid cols={COLS} spacing="lg" data-testid="wishlist-items">
        {list.content.map((entry) =>
          entry.skin ? (
            <SkinCard key={`skin-${entry.skin.id}`} skin={entry.skin} headingOrder={2} />
          ) : entry.bundle ? (
            <BundleCard key={`bundle-${entry.bundle.id}`} bundle={entry.bundle} headingOrder={2} />
          ) : null,
        )}
      </SimpleGrid>
    );
  } else if (list) {
    content = (
      <Card withBorder>
        <EmptyState
          icon={<IconHeart stroke={1.5} />}
          message={messages.empty}
          actions={
            <Button component={Link} to="/skins">
              {messages.browseSkins}
            </Button>
          }
        />
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError
        message={messages.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = (
      <SimpleGrid cols={COLS} spacing="lg" role="status" aria-label={messages.loading}>
        {Array.from({ length: 3 }, (_, index) => (
          <SkinCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <PageContainer title={messages.title} description={messages.description}>
      {list && list.pageInfo.totalElements > 0 ? (
        <Text size="sm" c="dimmed" role="status" mb="sm">
          {messages.total(list.pageInfo.totalElements)}
        </Text>
      ) : null}
      {content}
      {list ? (
        <ListPagination
          label={messages.pagination}
          total={list.pageInfo.totalPages}
          value={page}
          onChange={setPage}
        />
      ) : null}
    </PageContainer>
  );
}
