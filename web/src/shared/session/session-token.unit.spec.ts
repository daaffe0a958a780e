import { describe, expect, it } from 'vitest';
import { hasAllRoles } from './roles';
import { decodeSessionToken, isExpired, readClaimsCookie } from './session-token';

function tokenWith(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const claims = {
  id: 7,
  name: 'Jiří Novák',
  username: 'jiri',
  email: 'jiri@example.com',
  language: 'cs',
  country: 'cz',
  roles: ['REGULAR', 'admin'],
  emailVerified: true,
  exp: 2_000_000_000,
};

describe('decodeSessionToken', () => {
  it('reads the claims, with UTF-8 names and lower-case roles', () => {
    expect(decodeSessionToken(tokenWith(claims))).toEqual({ ...claims, roles: ['regular', 'admin'] });
  });

  it('accepts roles given as objects and a numeric string id', () => {
    const user = decodeSessionToken(tokenWith({ ...claims, id: '7', roles: [{ name: 'REGULAR' }] }));
    expect(user?.id).toBe(7);
    expect(user?.roles).toEqual(['regular']);
  });

  it('refuses tokens without id or exp, and garbage', () => {
    expect(decodeSessionToken(tokenWith({ ...claims, exp: undefined }))).toBeNull();
    expect(decodeSessionToken(tokenWith({ ...claims, id: 'abc' }))).toBeNull();
    expect(decodeSessionToken('not-a-token')).toBeNull();
    expect(decodeSessionToken('a.%%%.c')).toBeNull();
  });
});

describe('isExpired', () => {
  it('compares exp (seconds) with now (milliseconds)', () => {
    expect(isExpired({ exp: 100 }, 100_000)).toBe(true);
    expect(isExpired({ exp: 101 }, 100_000)).toBe(false);
  });
});

describe('readClaimsCookie', () => {
  const claimsPart = (token: string) => token.split('.')[1]!;

  it('reads the claims from the session cookie among others, never from the token cookie', () => {
    const token = tokenWith(claims);
    expect(readClaimsCookie(`a=1; session=${claimsPart(token)}; b=2`)).toEqual({
      ...claims,
      roles: ['regular', 'admin'],
    });
    expect(readClaimsCookie(`token=${token}; mysession=x`)).toBeNull();
    expect(readClaimsCookie('session=')).toBeNull();
  });

  it('reads an unverified account as such, also when the claim is missing', () => {
    const { emailVerified: _verified, ...older } = claims;
    expect(readClaimsCookie(`session=${claimsPart(tokenWith(older))}`)?.emailVerified).toBe(false);
  });
});

describe('hasAllRoles', () => {
  it('needs every required role, case-insensitively', () => {
    expect(hasAllRoles(['regular'], ['REGULAR'])).toBe(true);
    expect(hasAllRoles(['regular'], ['regular', 'admin'])).toBe(false);
    expect(hasAllRoles(['regular', 'admin'], ['admin'])).toBe(true);
    expect(hasAllRoles([], [])).toBe(true);
  });
});
