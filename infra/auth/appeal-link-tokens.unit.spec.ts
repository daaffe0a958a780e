import { describe, expect, it } from 'vitest';
import { AppealLinkTokens } from './appeal-link-tokens';
import { GiftClaimTokens } from './gift-claim-tokens';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';
const DAY = 24 * 60 * 60 * 1000;

describe('appeal link tokens', () => {
  let now = new Date('2026-05-01T10:00:00Z');
  const tokens = new AppealLinkTokens(SECRET, () => now);
  const until = new Date('2026-10-31T10:00:00Z');

  it('names the statement it was signed for, until the appeal window ends', () => {
    now = new Date('2026-05-01T10:00:00Z');
    const token = tokens.sign(42, until);
    expect(tokens.verify(token)).toEqual({ statementId: 42, expiresAt: until });
    now = new Date(until.getTime() - DAY);
    expect(tokens.verify(token)).not.toBeNull();
    now = new Date(until.getTime() + 1000);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a changed statement, expiry or signature, and another secret', () => {
    now = new Date('2026-05-01T10:00:00Z');
    const token = tokens.sign(42, until);
    const [statement, expires, mac] = token.split('.') as [string, string, string];
    expect(tokens.verify([String(Number(statement) + 1), expires, mac].join('.'))).toBeNull();
    expect(tokens.verify([statement, String(Number(expires) + 1), mac].join('.'))).toBeNull();
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(tokens.verify([statement, expires, flipped].join('.'))).toBeNull();
    expect(
      new AppealLinkTokens('another-secret-of-at-least-thirty-two-chars', () => now).verify(token),
    ).toBeNull();
    for (const bad of ['', 'x', `${token}.`, null, undefined]) expect(tokens.verify(bad)).toBeNull();
  });

  it('is not a gift claim token, nor one made with the same parts under the gift label', () => {
    const gifts = new GiftClaimTokens(SECRET, () => now);
    const claim = gifts.sign({ orderId: '42', linkId: 'AbCdEfGhIjKlMnOpQrSt12' });
    expect(tokens.verify(claim)).toBeNull();
    expect(gifts.verify(tokens.sign(42, until))).toBeNull();
  });
});
