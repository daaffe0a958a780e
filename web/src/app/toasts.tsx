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
