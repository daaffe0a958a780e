export { SessionProvider, useSession } from './session.context';
export { endSession, getSession, getSessionToken } from './session.store';
export { decodeSessionToken } from './session-token';
export { hasAllRoles, normalizeRoles } from './roles';
export { authModalPrefill, closeAuthModal, openAuthModal, useAuthModal } from './auth-modal.store';
export type { AuthModalMode } from './auth-modal.store';
