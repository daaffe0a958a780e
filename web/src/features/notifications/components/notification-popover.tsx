import {
  Anchor,
  Button,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef, type ReactElement } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { MarkNotificationsReadMutation, MyNotificationsQuery } from '../lib/notifications.documents';
import { latestPosition } from '../lib/read-mark';
import { notificationsMessages as messages } from '../notifications.messages';
import { NotificationList } from './notification-list';

/** About ten: the rest is on the full page. */
const LATEST = 10;

/**
 * The bell's list: the latest notifications, fetched on each opening and then marked read up to
 * the newest shown (they keep their unread dot until the next opening).
 */
export function NotificationPopover({
  opened,
  onClose,
  onRead,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  onRead: () => void;
  children: ReactElement;
}) {
  const [result, refetch] = useQuery({
    query: MyNotificationsQuery,
    variables: { page: { page: 0, size: LATEST } },
    requestPolicy: 'network-only',
    pause: !opened,
  });
  const [, markRead] = useMutation(MarkNotificationsReadMutation);

  // Each opening asks again (the list is paused while closed).
  const wasOpened = useRef(false);
  useEffect(() => {
    if (opened && !wasOpened.current) refetch({ requestPolicy: 'network-only' });
    wasOpened.current = opened;
  }, [opened, refetch]);

  const notifications = result.data?.myNotifications.content;
  // The list is in date order; the read mark is a position: the latest one shown marks them all.
  const latest = latestPosition(notifications);
  const hasUnread = notifications?.some((notification) => !notification.read) ?? false;
  useEffect(() => {
    if (!opened || latest === null || !hasUnread || result.fetching) return;
    void markRead({ upToPosition: latest }).then(onRead);
  }, [opened, latest, hasUnread, result.fetching, markRead, onRead]);

  let content;
  if (notifications && notifications.length > 0) {
    content = (
      <ScrollArea.Autosize mah={420} type="auto">
        <NotificationList notifications={notifications} onNavigate={onClose} />
      </ScrollArea.Autosize>
    );
  } else if (notifications) {
    content = (
      <Stack align="center" gap="xs" py="lg" px="sm">
        <IconBellOff size={28} stroke={1.5} aria-hidden />
        <Text fw={700}>{messages.empty}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {messages.emptyHint}
        </Text>
      </Stack>
    );
  } else if (result.error) {
    content = (
      <Stack align="center" gap="xs" py="md">
        <Text size="sm">{messages.loadFailed}</Text>
        <Button size="xs" variant="light" onClick={() => refetch({ requestPolicy: 'network-only' })}>
          {messages.retry}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="xs" p="sm" role="status" aria-label={messages.loading}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={48} />
        ))}
      </Stack>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={(open) => {
        if (!open) onClose();
      }}
      onDismiss={onClose}
      position="bottom-end"
      width={380}
      shadow="lg"
      withArrow
      returnFocus
    >
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown p="xs" aria-label={messages.title} role="dialog">
        <Group justify="space-between" px="sm" py={4}>
          <Title order={2} size="h5">
            {messages.title}
          </Title>
        </Group>
        <Divider my={4} />
        {content}
        <Divider my={4} />
        <Anchor
          component={Link}
          to="/me/notifications"
          onClick={onClose}
          size="sm"
          px="sm"
          py={4}
          display="block"
        >
          {messages.seeAll}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
