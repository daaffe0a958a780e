import { useSyncExternalStore } from 'react';

// Sign-in, register and forgot-password share one modal with three modes (spec 2.4). Any page
// opens it through this store; the app layout renders the modal itself.
export type AuthModalMode = 'login' | 'register' | 'forgot-password';

type Listener = () => void;
const listeners = new Set<Listener>();
let mode: AuthModalMode | null = null;
/** What the opened form starts with: an email the page already knows (a guest buyer's). */
let prefill = '';

function publish(next: AuthModalMode | null): void {
  mode = next;
  for (const listener of listeners) listener();
}

/** Opens the modal in a mode; `email` fills the form's email (register, forgot password) or login. */
export function openAuthModal(next: AuthModalMode = 'login', email = ''): void {
  prefill = email;
  publish(next);
}

/** The email the modal was opened with ('' for none). */
export function authModalPrefill(): string {
  return prefill;
}

export function closeAuthModal(): void {
  publish(null);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The open mode, or null when the modal is closed. */
export function useAuthModal(): AuthModalMode | null {
  return useSyncExternalStore(
    subscribe,
    () => mode,
    () => null,
  );
}
