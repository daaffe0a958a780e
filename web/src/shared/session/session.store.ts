import { clearClaimsCookie, isExpired, readClaimsCookie, readClaimsCookieValue } from './session-token';
import type { SessionUser } from './session-token';

// One source of truth for the session, readable outside React (the GraphQL client) and inside it
// (useSession). The server keeps the token in an HttpOnly cookie the browser sends with every call;
// this module keeps the claims the readable `session` cookie carries.
export interface Session {
  /** The claims cookie's value: it changes with every new token (login, refresh, another account). */
  key: string;
  user: SessionUser;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: Session | null | undefined;

function loadFromCookie(): Session | null {
  const key = readClaimsCookieValue();
  const user = readClaimsCookie();
  if (!key || !user) return null;
  if (isExpired(user)) {
    // An expired session is no session: forget it so nothing shows a signed-in user.
    clearClaimsCookie();
    return null;
  }
  return { key, user };
}

function publish(next: Session | null): void {
  if ((next?.key ?? null) === (current?.key ?? null)) return;
  current = next;
  for (const listener of listeners) listener();
}

/** The current session; the same object until the token changes (a useSyncExternalStore snapshot). */
export function getSession(): Session | null {
  if (current === undefined) current = loadFromCookie();
  return current;
}

/**
 * A token to send as `Authorization: Bearer`: always null in the browser, where the HttpOnly
 * cookie carries the session (calls with a JSON body or X-Requested-With count it).
 */
export function getSessionToken(): string | null {
  return null;
}

/** Picks up the session the server has just set (login, register, refresh); false when there is none. */
export function startSession(): boolean {
  const session = loadFromCookie();
  publish(session);
  return session !== null;
}

/** Signs out in this browser: the claims go at once, the server clears the HttpOnly token. */
export function endSession(): void {
  clearClaimsCookie();
  publish(null);
  void fetch('/api/auth/logout', { method: 'POST', headers: { 'X-Requested-With': 'TrackSkins' } }).catch(
    (error: unknown) => console.warn('Logout call failed', error),
  );
}

/** Picks up a cookie written or cleared elsewhere (another tab, the server). */
export function reloadSession(): void {
  publish(loadFromCookie());
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
