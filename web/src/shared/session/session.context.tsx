import { createContext, use, useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { showBlockedNoticeFromCookie } from './blocked-notice';
import { hasAllRoles } from './roles';
import { refreshDelay, refreshSession } from './session-refresh';
import { endSession, getSession, reloadSession, startSession, subscribeToSession } from './session.store';
import { isExpired } from './session-token';
import type { SessionUser } from './session-token';

export interface SessionValue {
  /** The signed-in user read from the token's claims, or null for a visitor. */
  user: SessionUser | null;
  /** Lower-case role names of the user; empty for a visitor. */
  roles: string[];
  /** Always null in the browser: the HttpOnly cookie carries the session on every call. */
  token: string | null;
  /** True when the user has every one of the roles (case-insensitive). */
  hasRoles: (required: readonly string[]) => boolean;
  /** Picks up the session the server set on login or register; false when there is none. */
  startSession: () => boolean;
  endSession: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

// setTimeout cannot wait longer than about 24.8 days.
const MAX_TIMER_MS = 2_147_483_647;

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeToSession, getSession, () => null);

  // End the session when the token expires; refresh it per spec 4.
  useEffect(() => {
    if (!session) return;
    let expiryTimer: ReturnType<typeof setTimeout>;
    const watchExpiry = () => {
      if (isExpired(session.user)) {
        endSession();
        return;
      }
      expiryTimer = setTimeout(watchExpiry, Math.min(session.user.exp * 1000 - Date.now(), MAX_TIMER_MS));
    };
    watchExpiry();
    const refreshTimer = setTimeout(() => void refreshSession(session), refreshDelay(session));
    return () => {
      clearTimeout(expiryTimer);
      clearTimeout(refreshTimer);
    };
  }, [session]);

  // The page load that ended a blocked account's session left the reason to show.
  useEffect(() => showBlockedNoticeFromCookie(), []);

  // A login or logout in another tab changes the cookies: pick them up when this tab is used again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reloadSession();
    };
    window.addEventListener('focus', reloadSession);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', reloadSession);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const user = session?.user ?? null;
  const roles = useMemo(() => user?.roles ?? [], [user]);
  const hasRoles = useCallback(
    (required: readonly string[]) => (user ? hasAllRoles(roles, required) : required.length === 0),
    [user, roles],
  );
  const value = useMemo<SessionValue>(
    () => ({ user, roles, token: null, hasRoles, startSession, endSession }),
    [user, roles, session, hasRoles],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
