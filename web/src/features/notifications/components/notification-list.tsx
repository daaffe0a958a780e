import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import type { MyNotificationsQuery } from '../../../shared/graphql/generated/graphql';
import { notificationsMessages } from '../notifications.messages';
import classes from './notification-list.module.css';

export type NotificationEntry = MyNotificationsQuery['myNotifications']['content'][number];

/** Notifications as links, newest first; unread ones carry a dot (named for screen readers). */
export function NotificationList({
  notifications,
  onNavigate,
}: {
  notifications: readonly NotificationEntry[];
  onNavigate?: () => void;
}) {
  return (
    <Stack gap={0} component="ul" className={classes.list}>
      {notifications.map((notification) => (
        <li key={notification.id}>
          <UnstyledButton
            component={Link}
            to={notification.link}
            onClick={onNavigate}
            className={classes.item}
            data-unread={notification.read ? undefined : true}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Box className={classes.dot} aria-hidden />
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                  {notificationsMessages.kinds[notification.kind]}
                  {notification.read ? null : (
                    <span className={classes.visuallyHidden}>, {notificationsMessages.unread}</span>
                  )}
                </Text>
                <Text size="sm" fw={notification.read ? 400 : 700}>
                  {notification.message}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
