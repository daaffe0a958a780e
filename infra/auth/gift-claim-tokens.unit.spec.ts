import { describe, expect, it } from 'vitest';
import { DownloadGrants } from './download-grants';
import { GiftClaimTokens } from './gift-claim-tokens';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';
const DAY = 24 * 60 * 60 * 1000;

describe('gift claim tokens', () => {
  let now = new Date('2026-05-01T10:00:00Z');
  const tokens = new GiftClaimTokens(SECRET, () => now);
  const link = { orderId: '42', linkId: 'AbCdEfGhIjKlMnOpQrSt12' };

  it('names the order and the link it was signed for, until it expires', () => {
    now = new Date('2026-05-01T10:00:00Z');
    const token = tokens.sign(link);
    expect(tokens.verify(token)).toMatchObject(link);
    now = new Date(now.getTime() + 29 * DAY);
    expect(tokens.verify(token)).not.toBeNull();
    now = new Date(now.getTime() + 2 * DAY);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a changed order, link, expiry or signature, and another secret', () => {
    now = new Date('2026-05-01T10:00:00Z');
    const token = tokens.sign(link);
    const [order, linkId, expires, mac] = token.split('.') as [string, string, string, string];
    expect(tokens.verify([String(Number(order) + 1), linkId, expires, mac].join('.'))).toBeNull();
    expect(tokens.verify([order, `${linkId}x`, expires, mac].join('.'))).toBeNull();
    expect(tokens.verify([order, linkId, String(Number(expires) + 1), mac].join('.'))).toBeNull();
    expect(
      tokens.verify(
        [order, linkId, expires, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`].join('.'),
      ),
    ).toBeNull();
    expect(
      new GiftClaimTokens('another-secret-of-at-least-thirty-two-chars', () => now).verify(token),
    ).toBeNull();
    for (const bad of ['', 'x', `${token}.`, null, undefined]) expect(tokens.verify(bad)).toBeNull();
  });

  it('is not a download grant (and a grant is no claim token)', () => {
    const grants = new DownloadGrants(SECRET, () => now);
    const grant = grants.sign({ orderId: '42', skinId: 7 });
    expect(tokens.verify(grant)).toBeNull();
    expect(grants.verify(tokens.sign(link))).toBeNull();
  });
});
