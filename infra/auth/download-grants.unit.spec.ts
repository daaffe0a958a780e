import { describe, expect, it } from 'vitest';
import { DOWNLOAD_GRANT_DAYS, DownloadGrants } from './download-grants';

const start = new Date('2026-05-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('signed download links', () => {
  it('prove the order and skin they name until they expire', () => {
    let now = start;
    const grants = new DownloadGrants('a-secret-of-at-least-thirty-two-characters', () => now);
    const token = grants.sign({ orderId: '42', skinId: 7 });
    expect(token).toMatch(/^42\.7\.\d+\.[\w-]{43}$/);
    expect(grants.verify(token)).toEqual({
      orderId: '42',
      skinId: 7,
      expiresAt: new Date(start.getTime() + DOWNLOAD_GRANT_DAYS * DAY),
    });
    now = new Date(start.getTime() + DOWNLOAD_GRANT_DAYS * DAY - 1000);
    expect(grants.verify(token)).not.toBeNull();
    now = new Date(start.getTime() + DOWNLOAD_GRANT_DAYS * DAY);
    expect(grants.verify(token)).toBeNull();
  });

  it('refuse a link changed in any part, signed with another secret, or malformed', () => {
    const grants = new DownloadGrants('a-secret-of-at-least-thirty-two-characters', () => start);
    const token = grants.sign({ orderId: '42', skinId: 7 });
    const [order, skin, expires, mac] = token.split('.') as [string, string, string, string];
    expect(grants.verify([order, '8', expires, mac].join('.'))).toBeNull();
    expect(grants.verify(['43', skin, expires, mac].join('.'))).toBeNull();
    expect(grants.verify([order, skin, String(Number(expires) + 1), mac].join('.'))).toBeNull();
    expect(
      grants.verify([order, skin, expires, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`].join('.')),
    ).toBeNull();
    const other = new DownloadGrants('another-secret-of-at-least-thirty-two-chars', () => start);
    expect(other.verify(token)).toBeNull();
    for (const bad of ['', null, undefined, 'x', `${token}.`, token.replace(/\./g, '-')]) {
      expect(grants.verify(bad)).toBeNull();
    }
  });
});
