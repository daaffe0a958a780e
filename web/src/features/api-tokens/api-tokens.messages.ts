import { API_TOKEN_REQUESTS_PER_MINUTE } from '../../../../domain/api-tokens/api-token.schemas';

// The tokens page's texts (docs/api-tokens.md).
export const apiTokensMessages = {
  title: 'API tokens',
  description:
    'Personal tokens let your own scripts and tools use the TrackSkins API as you, with only the scopes you choose.',
  back: 'Back to settings',
  create: {
    title: 'Create a token',
    name: 'Name',
    namePlaceholder: 'e.g. Sales spreadsheet',
    nameHint: 'To recognise the tool that uses it.',
    scopes: 'Scopes',
    scopesHint: 'Choose only what the tool needs. A token can never do more than your account can.',
    adminScopes: 'Admin scopes',
    submit: 'Create token',
    failed: 'The token could not be created.',
  },
  secret: {
    title: 'Your new token',
    warning:
      'Copy it now and keep it somewhere safe: it is shown only this once. Anyone holding it can act as you within its scopes.',
    copy: 'Copy token',
    copied: 'Copied',
    done: 'I have copied it',
  },
  list: {
    title: 'Your tokens',
    empty: 'You have no API tokens yet.',
    emptyHint: 'Create one above for a script or tool of yours.',
    name: 'Name',
    token: 'Token',
    scopes: 'Scopes',
    created: 'Created',
    lastUsed: 'Last used',
    never: 'Never',
    status: 'Status',
    active: 'Active',
    revokedAt: (when: string) => `Revoked ${when}`,
    revoke: 'Revoke',
    revokeLabel: (name: string) => `Revoke the token ${name}`,
    loadFailed: 'Your tokens could not be loaded. Reload the page to try again.',
  },
  revoke: {
    title: 'Revoke this token?',
    body: (name: string) =>
      `Anything using "${name}" stops working at once, with its next request. This cannot be undone; you can create a new token instead.`,
    confirm: 'Revoke token',
    cancel: 'Cancel',
    done: (name: string) => `The token ${name} is revoked.`,
    failed: 'The token could not be revoked. Try again.',
  },
  usage: {
    title: 'Using a token',
    intro: 'Send it with every request to the GraphQL endpoint:',
    limit: `Each token may make ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute. A request outside the token's scopes is refused with an error naming the scope it lacks.`,
    reference:
      'The queries and mutations each scope allows, for players, authors and admins, are listed in the API reference (docs/api/ in the TrackSkins source: players.md, authors.md, admins.md).',
  },
} as const;
