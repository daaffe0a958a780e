import { ADMIN_SCOPES, API_TOKEN_REQUESTS_PER_MINUTE } from '../../domain/api-tokens/api-token.schemas';
import { DomainError } from '../../domain/errors';
import { apiTokenHash } from '../../infra/auth/api-token-secrets';
import type { AppContext } from '../app-context';
import type { Viewer } from '../auth/viewer';
import { UserRateLimiter } from '../auth/user-rate-limiter';
import { liveApiTokenByHash, recordApiTokenUse } from './api-tokens.repository';

/** A token's last use is written at most this often. */
const LAST_USE_PRECISION_MS = 60_000;

/** Per app: when this instance last wrote each token's last use (the statement also checks the row). */
const lastUseWritten = new WeakMap<AppContext, Map<number, number>>();

/**
 * The viewer a personal API token stands for: its owner as the account stands now, with the token's
 * scopes. Looked up on every request (one indexed query, no cache), so a revocation, a block or a
 * deleted account refuses the token from the next request on.
 */
export async function apiTokenViewer(app: AppContext, token: string): Promise<NonNullable<Viewer>> {
  const owner = await liveApiTokenByHash(app.pool, apiTokenHash(token));
  if (!owner) {
    throw new DomainError(
      'UNAUTHENTICATED',
      'This API token is not valid: it was revoked, mistyped, or its owner can no longer sign in.',
    );
  }
  // The shared sliding-window store of the per-user limits (migration 030), keyed by token.
  await new UserRateLimiter(app.pool, {
    name: 'api-tokens',
    max: API_TOKEN_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
    now: () => app.now(),
    message: `This API token made more than ${API_TOKEN_REQUESTS_PER_MINUTE} requests in the last minute. Please slow down.`,
  }).hit(owner.token_id);
  await noteUse(app, owner.token_id, owner.last_used_at);

  const adminScoped = owner.scopes.some((scope) => ADMIN_SCOPES.includes(scope));
  const now = app.now().getTime();
  return {
    id: owner.id,
    name: owner.fullname ?? owner.username,
    username: owner.username,
    email: owner.email,
    language: owner.language,
    country: owner.country,
    // The admin role counts only through an admin scope, so every requireRoles('admin') holds the token to it.
    roles: owner.roles.filter((role) => adminScoped || role.toLowerCase() !== 'admin'),
    emailVerified: owner.email_verified,
    sv: owner.session_version,
    exp: Math.floor(now / 1000) + 60,
    apiToken: { id: owner.token_id, scopes: owner.scopes, ownerRoles: owner.roles },
  };
}

/** Writes the last use at most once a minute per token: never a write per request. */
async function noteUse(app: AppContext, tokenId: number, lastUsedAt: number | null): Promise<void> {
  const now = app.now().getTime();
  let written = lastUseWritten.get(app);
  if (!written) lastUseWritten.set(app, (written = new Map()));
  const last = Math.max(written.get(tokenId) ?? 0, lastUsedAt ?? 0);
  if (now - last < LAST_USE_PRECISION_MS) return;
  written.set(tokenId, now);
  await recordApiTokenUse(app.pool, tokenId, new Date(now));
}
