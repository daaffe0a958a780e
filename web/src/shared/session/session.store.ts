import {
  clearTokenCookie,
  decodeSessionToken,
  isExpired,
  readTokenCookie,
  writeTokenCookie,
} from './session-token';
import type { SessionUser } from './session-token';

// One source of truth for the session, readable outside React (the GraphQL client) and inside it
// (useSession). The cookie is the storage; this module keeps the decoded copy.
export interface Session {
  token: string;
  user: SessionUser;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: Session | null | undefined;

function loadFromCookie(): Session | null {
  const token = readTokenCookie();
  if (!token) return null;
  const user = decodeSessionToken(token);
  if (!user || isExpired(user)) {
    // An expired or unreadable token is no session: clear it so no call sends it again.
    clearTokenCookie();
    return null;
  }
  return { token, user };
}

function publish(next: Session | null): void {
  if ((next?.token ?? null) === (current?.token ?? null)) return;
  current = next;
  for (const listener of listeners) listener();
}

/** The current session; the same object until the token changes (a useSyncExternalStore snapshot). */
export function getSession(): Session | null {
  if (current === undefined) current = loadFromCookie();
  return current;
}

/** The token to send as `Authorization: Bearer`, or null when there is no valid session. */
export function getSessionToken(): string | null {
  const session = getSession();
  if (session && isExpired(session.user)) {
    endSession();
    return null;
  }
  return session?.token ?? null;
}

/** Stores a token from login, register or refresh; false when it cannot be read or has expired. */
export function startSession(token: string): boolean {
  const user = decodeSessionToken(token);
  if (!user || isExpired(user)) return false;
  writeTokenCookie(token, user.exp);
  publish({ token, user });
  return true;
}

export function endSession(): void {
  clearTokenCookie();
  publish(null);
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
