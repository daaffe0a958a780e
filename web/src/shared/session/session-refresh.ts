import { endSession, getSession, startSession } from './session.store';
import type { Session } from './session.store';

// Spec 4, login state: a token within 25 days of its expiry is refreshed at once; otherwise a
// refresh is scheduled after one day.
export const REFRESH_WINDOW_MS = 25 * 24 * 60 * 60 * 1000;
export const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

// Tokens this page received from a refresh wait a day before the next one, even when the server
// issues tokens shorter than the refresh window (no refresh loop).
const refreshedTokens = new Set<string>();

export function refreshDelay(session: Session, now: number = Date.now()): number {
  if (refreshedTokens.has(session.token)) return REFRESH_INTERVAL_MS;
  return session.user.exp * 1000 - now <= REFRESH_WINDOW_MS ? 0 : REFRESH_INTERVAL_MS;
}

export async function refreshSession(token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch (error) {
    console.warn('Session refresh failed', error);
    return;
  }
  if (getSession()?.token !== token) return; // the session changed meanwhile
  if (response.status === 401) {
    endSession();
    return;
  }
  if (!response.ok) {
    console.warn('Session refresh failed with status', response.status);
    return;
  }
  const next = (await response.text()).trim();
  refreshedTokens.add(next);
  if (!startSession(next)) console.warn('Session refresh returned an unusable token');
}
