import type { FastifyRequest } from 'fastify';
import { hasRoles, type Role } from '../../domain/accounts/roles';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { sessionTokenOf } from './session-token';

/** Who is asking: the verified session of the request's token, or null for an anonymous visitor. */
export type Viewer = Session | null;

// Not `app`: Mercurius puts the Fastify instance there.
export type RequestContext = { services: AppContext; viewer: Viewer; request: FastifyRequest };

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
