import { Button, Card, Skeleton, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { NotificationList } from '../components/notification-list';
import { MarkNotificationsReadMutation, MyNotificationsQuery } from '../lib/notifications.documents';
import { latestPosition } from '../lib/read-mark';
import { notificationsMessages as messages } from '../notifications.messages';

const PAGE_SIZE = 20;

/** Every notification of the signed-in viewer, 20 a page, newest first; opening it marks them read. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const [result, refetch] = useQuery({
    query: MyNotificationsQuery,
    variables: { page: { page: page - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  const [, markRead] = useMutation(MarkNotificationsReadMutation);
  const last = useRef(result.data);
  if (result.data) last.current = result.data;
  const notifications = (result.data ?? last.current)?.myNotifications;

  // The list is in date order; the read mark is a position: the latest one shown marks them all.
  const latest = page === 1 ? latestPosition(notifications?.content) : null;
  const hasUnread = notifications?.content.some((notification) => !notification.read) ?? false;
  useEffect(() => {
    if (latest !== null && hasUnread) void markRead({ upToPosition: latest });
  }, [latest, hasUnread, markRead]);

  let content;
  if (notifications && notifications.content.length > 0) {
    content = (
      <Card withBorder padding="xs" aria-busy={result.fetching}>
        <NotificationList notifications={notifications.content} />
      </Card>
    );
  } else if (notifications) {
    content = (
      <Card withBorder>
        <EmptyState
          icon={<IconBell stroke={1.5} />}
          message={messages.empty}
          title={null}
          actions={
            <Button component={Link} to="/skins">
              {messages.explore}
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
      <Card withBorder>
        <Stack gap="xs" role="status" aria-label={messages.loading}>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={56} />
          ))}
        </Stack>
      </Card>
    );
  }

  return (
    <PageContainer title={messages.title} description={messages.description}>
      {content}
      {notifications && notifications.pageInfo.totalPages > 1 ? (
        <ListPagination
          label={messages.pagination}
          total={notifications.pageInfo.totalPages}
          value={page}
          onChange={setPage}
        />
      ) : null}
    </PageContainer>
  );
}
