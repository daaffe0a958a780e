import { describe, expect, it } from 'vitest';
import { clearedSessionCookies, sessionCookies, TOKEN_LIFETIME_SECONDS } from './session-tokens';

describe('session cookies', () => {
  const token = 'aGVhZGVy.Y2xhaW1z.c2lnbmF0dXJl';

  it('are Secure behind HTTPS, HttpOnly for the token, SameSite=Lax, for the token lifetime', () => {
    const [session, claims] = sessionCookies(token, { secure: true });
    expect(session).toBe(
      `token=${token}; Path=/; Max-Age=${TOKEN_LIFETIME_SECONDS}; SameSite=Lax; Secure; HttpOnly`,
    );
    expect(claims).toBe(`session=Y2xhaW1z; Path=/; Max-Age=${TOKEN_LIFETIME_SECONDS}; SameSite=Lax; Secure`);
    expect(sessionCookies(token, { secure: false })[0]).not.toContain('Secure');
  });

  it('are cleared with Max-Age=0 and the same attributes', () => {
    expect(clearedSessionCookies({ secure: true })).toEqual([
      'token=; Path=/; Max-Age=0; SameSite=Lax; Secure; HttpOnly',
      'session=; Path=/; Max-Age=0; SameSite=Lax; Secure',
    ]);
  });
});
