import type { FastifyRequest } from 'fastify';
import { bearerToken, cookieValue, SESSION_COOKIE } from '../../infra/auth/session-tokens';

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
