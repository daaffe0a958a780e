import { Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { FollowButton, followsMessages, REFRESHED_BY_FOLLOWS } from '../../../shared/follows';
import { formatDate } from '../../../shared/format';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState, PageContainer, UserAvatar } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { accountMessages } from '../account.messages';
import { MyFollowingQuery } from '../lib/follows-wishlist.documents';

const messages = accountMessages.following;
const PAGE_SIZE = 10;

/** The authors the viewer follows (/me/following), each with an Unfollow button. */
export function FollowingPage() {
  const [page, setPage] = useState(1);
  const [result, refetch] = useQuery({
    query: MyFollowingQuery,
    variables: { page: { page: page - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
    context: REFRESHED_BY_FOLLOWS,
  });
  useEffect(() => {
    if (result.error) console.error('The followed authors could not be loaded', result.error);
  }, [result.error]);
  const list = result.data?.myFollowing;

  let content;
  if (list && list.content.length > 0) {
    content = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="following-list">
        {list.content.map(({ author, followedAt }) => {
          // A deleted account has no page (an empty url): its name shows without a link, and it
          // stays listed so the follower can unfollow it.
          const path = author.url ? `/authors/${encodeURIComponent(author.url)}` : null;
          const avatar = (
            <UserAvatar username={author.username} url={author.avatar?.url} size={52} radius={999} />
          );
          return (
            <Card withBorder component="li" key={author.id} padding="md">
              <Group justify="space-between" wrap="nowrap" gap="md">
                <Group gap="md" wrap="nowrap" miw={0}>
                  {path ? (
                    <Link to={path} tabIndex={-1} aria-hidden>
                      {avatar}
                    </Link>
                  ) : (
                    avatar
                  )}
                  <Stack gap={2} miw={0}>
                    <Group gap={6} wrap="nowrap">
                      <CountryFlag code={author.country} size="0.95rem" />
                      {path ? (
                        <Anchor component={Link} to={path} fw={700} truncate>
                          {author.username}
                        </Anchor>
                      ) : (
                        <Text fw={700} c="dimmed" truncate>
                          {author.username}
                        </Text>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {messages.skins(author.skinCount)} ·{' '}
                      {followsMessages.followerCount(author.followerCount)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {messages.since(formatDate(followedAt))}
                    </Text>
                  </Stack>
                </Group>
                <FollowButton authorId={author.id} username={author.username} />
              </Group>
            </Card>
          );
        })}
      </Stack>
    );
  } else if (list) {
    content = (
      <Card withBorder>
        <EmptyState
          icon={<IconUserCheck stroke={1.5} />}
          message={messages.empty}
          actions={
            <Button component={Link} to="/authors">
              {messages.browseAuthors}
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
      <Stack gap="sm" role="status" aria-label={messages.loading}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={84} />
        ))}
      </Stack>
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
