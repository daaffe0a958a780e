import { notifications } from '@mantine/notifications';
import { readCookie } from './session-token';

/** Set by the server on the page load that ended a blocked account's session (api/auth/auth.routes.ts). */
const BLOCKED_COOKIE = 'account_blocked';

/** Tells a blocked account why it was signed out and whom to write, until it is closed. */
export function showBlockedNotice(message: string): void {
  notifications.show({
    id: 'account-blocked',
    color: 'red',
    title: 'You were signed out',
    message,
    autoClose: false,
  });
}

/** Shows the reason the server left in its cookie, once: the cookie is removed at once. */
export function showBlockedNoticeFromCookie(cookieHeader: string = document.cookie): void {
  const message = readCookie(BLOCKED_COOKIE, cookieHeader);
  if (!message) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${BLOCKED_COOKIE}=; max-age=0; path=/; SameSite=Lax${secure}`;
  showBlockedNotice(message);
}
