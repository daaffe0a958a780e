import { describe, expect, it } from 'vitest';
import { createApiTokenSchema, grantableScopes } from './api-token.schemas';

describe('createApiTokenSchema', () => {
  it('keeps the scopes in the list order, once each, and trims the name', () => {
    expect(
      createApiTokenSchema.parse({ name: ' bot ', scopes: ['sales:read', 'public:read', 'sales:read'] }),
    ).toEqual({
      name: 'bot',
      scopes: ['public:read', 'sales:read'],
    });
  });

  it('refuses an empty name, no scope and an unknown scope with sentences for people', () => {
    const empty = createApiTokenSchema.safeParse({ name: '  ', scopes: [] });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      'Give the token a name, for example the tool that uses it.',
      'Choose at least one scope.',
    ]);
    expect(createApiTokenSchema.safeParse({ name: 'x', scopes: ['root'] }).error?.issues[0]?.message).toBe(
      'Choose scopes from the list.',
    );
  });
});

describe('grantableScopes', () => {
  it('offers admin scopes to admins only', () => {
    expect(grantableScopes(['regular'])).toEqual(['public:read', 'sales:read', 'items:manage']);
    expect(grantableScopes(['regular', 'ADMIN'])).toContain('admin:manage');
  });
});
