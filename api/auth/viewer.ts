import type { FastifyRequest } from 'fastify';
import { hasRoles, type Role } from '../../domain/accounts/roles';
import type { ApiTokenScope } from '../../domain/api-tokens/api-token.schemas';
import { DomainError } from '../../domain/errors';
import { looksLikeApiToken } from '../../infra/auth/api-token-secrets';
import { bearerToken, type Session } from '../../infra/auth/session-tokens';
import { apiTokenViewer } from '../api-tokens/api-token-viewer';
import type { AppContext } from '../app-context';
import { sessionTokenOf } from './session-token';

/** What a personal API token lets its bearer do: its id and scopes (docs/api-tokens.md). */
export type ApiTokenGrant = {
  id: number;
  scopes: readonly ApiTokenScope[];
  /** The owner's roles as the account holds them now (`roles` is what the token may use of them). */
  ownerRoles: readonly string[];
};

/**
 * Who is asking: the verified session of the request's token, or null for an anonymous visitor.
 * With `apiToken`, the person came with a personal API token: only its scopes count (requireScope),
 * and `roles` hold the admin role only when the token has an admin scope.
 */
export type Viewer = (Session & { apiToken?: ApiTokenGrant }) | null;

// Not `app`: Mercurius puts the Fastify instance there.
export type RequestContext = {
  services: AppContext;
  viewer: Viewer;
  request: FastifyRequest;
  /** Why the request's credential was refused (a revoked API token, its rate limit): answered before any resolver runs. */
  refusal?: DomainError;
};

/** The GraphQL context's viewer: a refused credential is kept as `refusal`, to be answered as a GraphQL error. */
export async function viewerOrRefusalOf(
  app: AppContext,
  request: FastifyRequest,
): Promise<Pick<RequestContext, 'viewer' | 'refusal'>> {
  try {
    return { viewer: await viewerOf(app, request) };
  } catch (error) {
    if (error instanceof DomainError) return { viewer: null, refusal: error };
    throw error;
  }
}

/**
 * The one place a request's viewer is decided: a `Bearer tsk_…` header is a personal API token
 * (refused with UNAUTHENTICATED when revoked or unknown, TOO_MANY_REQUESTS past its rate limit),
 * anything else the session token of the header or cookie (sessionTokenOf, with its CSRF rule).
 */
export async function viewerOf(app: AppContext, request: FastifyRequest): Promise<Viewer> {
  const bearer = bearerToken(request.headers.authorization);
  if (looksLikeApiToken(bearer)) return apiTokenViewer(app, bearer);
  return app.tokens.verify(sessionTokenOf(request));
}

/**
 * A token viewer whose token lacks the scope is refused with FORBIDDEN naming it; a browser session
 * (all its owner's rights) and an anonymous visitor pass (the resolver decides what they may see).
 */
export function requireScope(viewer: Viewer, scope: ApiTokenScope, what: string): void {
  if (viewer?.apiToken && !viewer.apiToken.scopes.includes(scope)) {
    throw new DomainError('FORBIDDEN', `This API token lacks the scope ${scope}, which ${what} needs.`);
  }
}

/** The signed-in viewer, or an UNAUTHENTICATED refusal (no token, or a bad or expired one). */
export function requireViewer(viewer: Viewer): NonNullable<Viewer> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'You must be logged in to do this.');
  return viewer;
}

/** A viewer holding every role named, or FORBIDDEN (UNAUTHENTICATED when nobody is signed in). */
export function requireRoles(viewer: Viewer, ...roles: Role[]): NonNullable<Viewer> {
  const session = requireViewer(viewer);
  if (!hasRoles(session.roles, roles)) {
    // An admin's token without an admin scope: say which scope would allow it.
    if (session.apiToken && roles.includes('admin') && hasRoles(session.apiToken.ownerRoles, ['admin'])) {
      throw new DomainError(
        'FORBIDDEN',
        'This API token lacks an admin scope (admin:read to read, admin:manage to change), which this needs.',
      );
    }
    throw new DomainError('FORBIDDEN', 'You are not allowed to do this.');
  }
  return session;
}

export function isAdmin(viewer: Viewer): boolean {
  return viewer !== null && hasRoles(viewer.roles, ['admin']);
}
