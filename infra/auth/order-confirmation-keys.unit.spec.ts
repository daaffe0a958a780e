import { describe, expect, it } from 'vitest';
import { DownloadGrants } from './download-grants';
import { ORDER_CONFIRMATION_KEY_DAYS, OrderConfirmationKeys } from './order-confirmation-keys';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const start = new Date('2026-05-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('order confirmation keys', () => {
  it('open the order they were signed for until they expire', () => {
    let now = start;
    const keys = new OrderConfirmationKeys(SECRET, () => now);
    const key = keys.sign('42');
    expect(key).toMatch(/^\d+\.[\w-]{43}$/);
    expect(keys.opens('42', key)).toBe(true);
    now = new Date(start.getTime() + ORDER_CONFIRMATION_KEY_DAYS * DAY - 1000);
    expect(keys.opens('42', key)).toBe(true);
    now = new Date(start.getTime() + ORDER_CONFIRMATION_KEY_DAYS * DAY);
    expect(keys.opens('42', key)).toBe(false);
  });

  it('do not open another order, nor when changed, signed with another secret or malformed', () => {
    const keys = new OrderConfirmationKeys(SECRET, () => start);
    const key = keys.sign('42');
    const [expires, mac] = key.split('.') as [string, string];
    expect(keys.opens('43', key)).toBe(false);
    expect(keys.opens('4', key)).toBe(false);
    expect(keys.opens('42', `${Number(expires) + 1}.${mac}`)).toBe(false);
    expect(keys.opens('42', `${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(
      new OrderConfirmationKeys('another-secret-of-at-least-thirty-two-chars', () => start).opens('42', key),
    ).toBe(false);
    for (const bad of ['', null, undefined, 'x', `${key}.`, key.replace('.', '-'), `42.${key}`]) {
      expect(keys.opens('42', bad)).toBe(false);
    }
  });

  it('are not download grants: a grant never opens a confirmation page', () => {
    const grants = new DownloadGrants(SECRET, () => start);
    const keys = new OrderConfirmationKeys(SECRET, () => start);
    const grant = grants.sign({ orderId: '42', skinId: 7 });
    const [, , expires, mac] = grant.split('.') as [string, string, string, string];
    expect(keys.opens('42', `${expires}.${mac}`)).toBe(false);
  });
});
