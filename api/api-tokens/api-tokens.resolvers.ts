import { z } from 'zod';
import {
  API_TOKENS_PER_USER,
  createApiTokenSchema,
  grantableScopes,
} from '../../domain/api-tokens/api-token.schemas';
import { DomainError } from '../../domain/errors';
import { newApiTokenSecret } from '../../infra/auth/api-token-secrets';
import type { AppContext } from '../app-context';
import { requireViewer, type RequestContext, type Viewer } from '../auth/viewer';
import {
  apiTokensOf,
  insertApiToken,
  liveApiTokenCount,
  revokeApiToken,
  type ApiTokenRow,
} from './api-tokens.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const idArgs = z.object({ id: z.coerce.number().int().positive() });
const createArgs = z.object({ input: createApiTokenSchema });

export function apiTokenOf(row: ApiTokenRow) {
  return {
    id: String(row.id),
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

/** Tokens are managed from a browser session only: a token cannot mint, list or revoke tokens. */
function requireSession(viewer: Viewer) {
  const session = requireViewer(viewer);
  if (session.apiToken) {
    throw new DomainError('FORBIDDEN', 'API tokens are managed from a signed-in browser session only.');
  }
  return session;
}

export function apiTokensResolvers(app: AppContext) {
  return {
    Query: {
      myApiTokens: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const session = requireSession(context.viewer);
        return (await apiTokensOf(app.pool, session.id)).map(apiTokenOf);
      },
    },
    Mutation: {
      createApiToken: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const session = requireSession(context.viewer);
        const { input } = createArgs.parse(rawArgs);
        // The roles come from the verified session, whose version moves when the roles change.
        const grantable = grantableScopes(session.roles);
        const refused = input.scopes.find((scope) => !grantable.includes(scope));
        if (refused) {
          throw new DomainError('FORBIDDEN', `Only admins may create tokens with the scope ${refused}.`);
        }
        if ((await liveApiTokenCount(app.pool, session.id)) >= API_TOKENS_PER_USER) {
          throw new DomainError(
            'CONFLICT',
            `You have ${API_TOKENS_PER_USER} working tokens already. Revoke one you no longer use first.`,
          );
        }
        const secret = newApiTokenSecret();
        const row = await insertApiToken(app.pool, {
          userId: session.id,
          name: input.name,
          prefix: secret.prefix,
          hash: secret.hash,
          scopes: input.scopes,
          at: app.now(),
        });
        app.log.info({ userId: session.id, tokenId: row.id, scopes: row.scopes }, 'API token created');
        return { token: apiTokenOf(row), secret: secret.token };
      },
      revokeApiToken: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const session = requireSession(context.viewer);
        const { id } = idArgs.parse(rawArgs);
        const row = await revokeApiToken(app.pool, session.id, id, app.now());
        // Another person's token answers as a missing one: nothing tells its id exists.
        if (!row) throw new DomainError('NOT_FOUND', 'No such API token.');
        app.log.info({ userId: session.id, tokenId: row.id }, 'API token revoked');
        return apiTokenOf(row);
      },
    },
  };
}
