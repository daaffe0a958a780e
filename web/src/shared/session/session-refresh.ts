import { showBlockedNotice } from './blocked-notice';
import { endSession, getSession, reloadSession } from './session.store';
import type { Session } from './session.store';

// Spec 4, login state: a token within 25 days of its expiry is refreshed at once; otherwise a
// refresh is scheduled after one day.
export const REFRESH_WINDOW_MS = 25 * 24 * 60 * 60 * 1000;
export const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

// Sessions this page received from a refresh wait a day before the next one, even when the server
// issues tokens shorter than the refresh window (no refresh loop).
const refreshedSessions = new Set<string>();

export function refreshDelay(session: Session, now: number = Date.now()): number {
  if (refreshedSessions.has(session.key)) return REFRESH_INTERVAL_MS;
  return session.user.exp * 1000 - now <= REFRESH_WINDOW_MS ? 0 : REFRESH_INTERVAL_MS;
}

/** Asks the server for a new token: it answers in the cookies, which this page then reads. */
export async function refreshSession(session: Session): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'X-Requested-With': 'TrackSkins' },
    });
  } catch (error) {
    console.warn('Session refresh failed', error);
    return;
  }
  if (getSession()?.key !== session.key) return; // the session changed meanwhile
  if (response.status === 401) {
    endSession();
    return;
  }
  if (response.status === 403) {
    // A blocked account: say why and whom to write, rather than signing out without a word.
    const answer = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (answer?.code === 'ACCOUNT_BLOCKED' && answer.message) {
      showBlockedNotice(answer.message);
      endSession();
      return;
    }
  }
  if (!response.ok) {
    console.warn('Session refresh failed with status', response.status);
    return;
  }
  reloadSession();
  const next = getSession();
  if (next) refreshedSessions.add(next.key);
  else console.warn('Session refresh left no session');
}
