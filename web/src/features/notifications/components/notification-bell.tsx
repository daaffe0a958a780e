import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { forwardRef, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { UnreadNotificationCountQuery } from '../lib/notifications.documents';
import { notificationsMessages } from '../notifications.messages';

/** The count refreshes this often, besides when the page regains focus. */
const REFRESH_MS = 60_000;

// The list (popover, query, mutation) loads when the bell is first opened: the top bar stays small.
const NotificationPopover = lazy(() =>
  import('./notification-popover').then((module) => ({ default: module.NotificationPopover })),
);

type BellButtonProps = { unread: number; opened: boolean; onClick: () => void };

/** The bell with the unread count on a badge. */
export const BellButton = forwardRef<HTMLDivElement, BellButtonProps>(function BellButton(
  { unread, opened, onClick },
  ref,
) {
  return (
    <Indicator
      ref={ref}
      label={unread > 99 ? '99+' : unread}
      size={18}
      disabled={unread === 0}
      offset={4}
      color="magenta"
      styles={{ indicator: { fontWeight: 700 } }}
    >
      <ActionIcon
        variant="light"
        size="lg"
        onClick={onClick}
        aria-label={notificationsMessages.bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={opened}
        data-testid="notification-bell"
      >
        <IconBell size={20} stroke={1.8} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
});

/** The signed-in viewer's bell (docs/community.md, Notifications): count, and the latest on a click. */
export function NotificationBell() {
  const [result, refetch] = useQuery({
    query: UnreadNotificationCountQuery,
    requestPolicy: 'cache-and-network',
  });
  const unread = result.data?.unreadNotificationCount ?? 0;
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  useEffect(() => {
    const timer = window.setInterval(refresh, REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const toggle = () => {
    setLoaded(true);
    setOpened((open) => !open);
  };
  const button = <BellButton unread={unread} opened={opened} onClick={toggle} />;
  if (!loaded) return button;
  return (
    <Suspense fallback={button}>
      <NotificationPopover opened={opened} onClose={() => setOpened(false)} onRead={refresh}>
        {button}
      </NotificationPopover>
    </Suspense>
  );
}
