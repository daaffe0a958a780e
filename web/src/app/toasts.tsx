// @mantine/notifications draws each toast with @mantine/core's Notification, whose stylesheet the
// per-component styles plugin cannot see (it reads imports from @mantine/core only): without it a
// toast is bare text over the page.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Toasts close after 5 s unless a message says otherwise (spec 9). */
export const DEFAULT_TOAST_MS = 5000;

/** Where toasts show; loaded after the page, toasts shown before it arrives wait in Mantine's store. */
export function Toasts() {
  return (
    <Notifications
      autoClose={DEFAULT_TOAST_MS}
      position="top-right"
      zIndex={1000}
      classNames={{ root: 'app-toasts' }}
    />
  );
}
