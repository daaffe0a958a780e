import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts close after 5 s unless a message says otherwise (spec 9): errors 10 s, a download's install
 * helper 20 s; only the blocked-account notice waits to be closed (a loading toast is replaced by its
 * result).
 */
export const DEFAULT_TOAST_MS = 5000;
const TOAST_MAX_HEIGHT = 520;

/**
 * How many toasts show at once: on a phone they span the screen's width, so two at most; the rest
 * wait in Mantine's queue and show as the first ones close.
 */
export const TOAST_LIMIT = { phone: 2, desktop: 4 } as const;

/** Where toasts show; loaded after the page, toasts shown before it arrives wait in Mantine's store. */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  return (
    <Notifications
      autoClose={DEFAULT_TOAST_MS}
      // Mantine clips a toast at 200 px; a download's install helper is taller.
      notificationMaxHeight={TOAST_MAX_HEIGHT}
      limit={phone ? TOAST_LIMIT.phone : TOAST_LIMIT.desktop}
      position="top-right"
      zIndex={1000}
      classNames={{ root: 'app-toasts' }}
    />
  );
}
