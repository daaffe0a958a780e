import { describe, expect, it } from 'vitest';
import { DownloadGrants } from './download-grants';
import { UNSUBSCRIBE_TOKEN_DAYS, UnsubscribeTokens } from './unsubscribe-tokens';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const start = new Date('2026-05-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('unsubscribe tokens', () => {
  it('name the user and the purpose, and work until they expire', () => {
    let now = start;
    const tokens = new UnsubscribeTokens(SECRET, () => now);
    const token = tokens.sign(42, 'digest');
    expect(token).toMatch(/^42\.digest\.\d+\.[\w-]{43}$/);
    expect(tokens.verify(token, 'digest')).toEqual({
      userId: 42,
      purpose: 'digest',
      expiresAt: new Date(start.getTime() + UNSUBSCRIBE_TOKEN_DAYS * DAY),
    });
    now = new Date(start.getTime() + UNSUBSCRIBE_TOKEN_DAYS * DAY - 1000);
    expect(tokens.verify(token, 'digest')?.userId).toBe(42);
    now = new Date(start.getTime() + UNSUBSCRIBE_TOKEN_DAYS * DAY);
    expect(tokens.verify(token, 'digest')).toBeNull();
  });

  it('refuse a tampered token: another user, a later expiry, a changed MAC, another secret', () => {
    const tokens = new UnsubscribeTokens(SECRET, () => start);
    const token = tokens.sign(42, 'digest');
    const [user, purpose, expires, mac] = token.split('.') as [string, string, string, string];
    expect(tokens.verify(`43.${purpose}.${expires}.${mac}`, 'digest')).toBeNull();
    expect(tokens.verify(`${user}.${purpose}.${Number(expires) + DAY / 1000}.${mac}`, 'digest')).toBeNull();
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(tokens.verify(`${user}.${purpose}.${expires}.${flipped}`, 'digest')).toBeNull();
    expect(
      new UnsubscribeTokens('another-secret-of-at-least-thirty-two-chars', () => start).verify(
        token,
        'digest',
      ),
    ).toBeNull();
    for (const bad of ['', null, undefined, 'x', `${token}.`, token.replace('.', '-'), `1.${token}`]) {
      expect(tokens.verify(bad, 'digest')).toBeNull();
    }
  });

  it('refuse a token for another purpose, even one signed with the same key', () => {
    const tokens = new UnsubscribeTokens(SECRET, () => start);
    const token = tokens.sign(42, 'digest');
    const [user, , expires, mac] = token.split('.') as [string, string, string, string];
    // The purpose is inside the MAC: renaming it breaks the token.
    expect(tokens.verify(`${user}.news.${expires}.${mac}`, 'digest')).toBeNull();
    // A token asked for another purpose than it names is refused before its MAC is checked.
    expect(tokens.verify(token, 'news' as 'digest')).toBeNull();
  });

  it('are not download grants, nor the reverse', () => {
    const grants = new DownloadGrants(SECRET, () => start);
    const tokens = new UnsubscribeTokens(SECRET, () => start);
    const grant = grants.sign({ orderId: '42', skinId: 7 });
    expect(tokens.verify(grant, 'digest')).toBeNull();
    expect(grants.verify(tokens.sign(42, 'digest'))).toBeNull();
  });
});
