import type { FastifyRequest } from 'fastify';
import { hasRoles, type Role } from '../../domain/accounts/roles';
import { DomainError } from '../../domain/errors';
import { bearerToken, cookieValue, SESSION_COOKIE, type Session } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';

/** Who is asking: the verified session of the request's token, or null for an anonymous visitor. */
export type Viewer = Session | null;

// Not `app`: Mercurius puts the Fastify instance there.
export type RequestContext = { services: AppContext; viewer: Viewer; request: FastifyRequest };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session token of a request: the Bearer header (API clients), else the HttpOnly session
 * cookie. On a request that changes something, the cookie counts only with a JSON body or an
 * X-Requested-With header: a form on another site can send neither (and SameSite=Lax already
 * keeps the cookie off other sites' posts), so no other site can act with a visitor's session.
 */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer) return bearer;
  const cookie = cookieValue(request.headers.cookie, SESSION_COOKIE);
  if (!cookie || SAFE_METHODS.has(request.method)) return cookie;
  const contentType = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return contentType === 'application/json' || request.headers['x-requested-with'] ? cookie : null;
}

export async function viewerOf(app: AppContext, request: FastifyRequest): Promise<Viewer> {
  return app.tokens.verify(sessionTokenOf(request));
}

/** The signed-in viewer, or an UNAUTHENTICATED refusal (no token, or a bad or expired one). */
export function requireViewer(viewer: Viewer): Session {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'You must be logged in to do this.');
  return viewer;
}

/** A viewer holding every role named, or FORBIDDEN (UNAUTHENTICATED when nobody is signed in). */
export function requireRoles(viewer: Viewer, ...roles: Role[]): Session {
  const session = requireViewer(viewer);
  if (!hasRoles(session.roles, roles)) throw new DomainError('FORBIDDEN', 'You are not allowed to do this.');
  return session;
}

export function isAdmin(viewer: Viewer): boolean {
  return viewer !== null && hasRoles(viewer.roles, ['admin']);
}
