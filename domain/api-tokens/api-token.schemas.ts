import { z } from 'zod';
import { hasRoles } from '../accounts/roles';
import { installValidationMessages } from '../text/validation-messages';

// Zod's fallback texts are for programmers: people read these schemas' failures (validation-messages.ts).
installValidationMessages();

/**
 * What a personal API token may do (docs/api-tokens.md). Each GraphQL field a token may reach
 * names one of these (api/api-tokens/operation-scopes.ts); a token never does more than its owner.
 */
export const API_TOKEN_SCOPES = [
  'public:read',
  'sales:read',
  'items:manage',
  'admin:read',
  'admin:manage',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The scopes only an admin may put on a token (and that count only while the owner is an admin). */
export const ADMIN_SCOPES: readonly ApiTokenScope[] = ['admin:read', 'admin:manage'];

export const SCOPE_DESCRIPTIONS: Record<ApiTokenScope, string> = {
  'public:read': 'Read the public catalogue (skins, bundles, authors, comments, tags) and your own profile',
  'sales:read': 'Read your own sales, earnings, download statistics and payouts',
  'items:manage': 'List, create, edit, publish and hide your own skins and bundles',
  'admin:read': 'Admins: read orders, payouts, users, moderation queues, mails and site statistics',
  'admin:manage': 'Admins: refund orders, run payouts, moderate, manage tags and social posts',
};

export const isAdminScope = (scope: ApiTokenScope) => ADMIN_SCOPES.includes(scope);

/** The scopes a person with these roles may put on a token. */
export function grantableScopes(roles: readonly string[]): ApiTokenScope[] {
  const admin = hasRoles(roles, ['admin']);
  return API_TOKEN_SCOPES.filter((scope) => admin || !isAdminScope(scope));
}

export const API_TOKEN_NAME_MAX = 60;
/** A person's live (unrevoked) tokens at most: enough for a few tools, few enough to review. */
export const API_TOKENS_PER_USER = 20;

/** The token form and the createApiToken mutation: a name to recognise it by and at least one scope. */
export const createApiTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the token a name, for example the tool that uses it.')
    .max(API_TOKEN_NAME_MAX, `Enter at most ${API_TOKEN_NAME_MAX} characters.`),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { message: 'Choose scopes from the list.' }))
    .min(1, 'Choose at least one scope.')
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

/** Requests per token in any minute (docs/api-tokens.md): a script's steady pace, not a scraper's. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;
