import { useCallback, useSyncExternalStore } from 'react';
import { useMyUser } from './use-my-user';

// Spec 2.11: the Creativity Dashboard shows once the user has a skin, My Payouts once a skin has a
// price above 0, each with a NEW badge after that first skin. Profile settings show the public social
// fields and the bio only to users with skins.
export interface AuthorMenuState {
  hasSkins: boolean;
  hasPaidSkins: boolean;
  /** Show the NEW badge on the dashboard / payouts items. */
  newDashboard: boolean;
  newPayouts: boolean;
  /** Call when the user opens the item: its NEW badge goes away for good (in this browser). */
  markSeen: (item: 'dashboard' | 'payouts') => void;
}

const seenKey = (item: 'dashboard' | 'payouts', userId: string) => `trackskins-seen-${item}-${userId}`;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};
function readSeen(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** What the author menu (and the author part of the settings) shows, from the user's author stats. */
export function useAuthorMenu(): AuthorMenuState {
  const { myUser } = useMyUser();
  const userId = myUser?.id ?? 'anonymous';
  const seenDashboard = useSyncExternalStore(subscribe, () => readSeen(seenKey('dashboard', userId)));
  const seenPayouts = useSyncExternalStore(subscribe, () => readSeen(seenKey('payouts', userId)));
  const hasSkins = (myUser?.authorStats.skins ?? 0) > 0;
  const hasPaidSkins = (myUser?.authorStats.paidSkins ?? 0) > 0;
  const markSeen = useCallback(
    (item: 'dashboard' | 'payouts') => {
      try {
        localStorage.setItem(seenKey(item, userId), '1');
      } catch {
        // Without storage the badge simply stays.
      }
      for (const listener of listeners) listener();
    },
    [userId],
  );
  return {
    hasSkins,
    hasPaidSkins,
    newDashboard: hasSkins && !seenDashboard,
    newPayouts: hasPaidSkins && !seenPayouts,
    markSeen,
  };
}
