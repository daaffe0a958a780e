import { ExpiringMac } from './expiring-mac';

/** How long the unsubscribe link of a mail works. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

/** What a token lets its holder stop, without signing in. Only digests for now. */
export const UNSUBSCRIBE_PURPOSES = ['digest'] as const;
export type UnsubscribePurpose = (typeof UNSUBSCRIBE_PURPOSES)[number];

export type UnsubscribeGrant = { userId: number; purpose: UnsubscribePurpose; expiresAt: Date };

const TOKEN_FORMAT = /^(\d{1,15})\.([a-z]{1,20})\.(\d{1,12})\.([\w-]{43})$/;

/**
 * The signed, expiring tokens of one-click unsubscribe links: `{userId}.{purpose}.{expires}.{mac}`,
 * an HMAC-SHA256 over the first three parts with a key derived from the session secret and a label
 * of its own (so it never passes for a session token, a download grant or a confirmation key). The
 * token names the user and what it unsubscribes from; a token made for one purpose is refused for
 * another.
 */
export class UnsubscribeTokens {
  private readonly signer: ExpiringMac;

  constructor(secret: string, now: () => Date) {
    this.signer = new ExpiringMac(secret, 'trackskins/unsubscribe/v1', now);
  }

  sign(userId: number, purpose: UnsubscribePurpose, lifetimeDays = UNSUBSCRIBE_TOKEN_DAYS): string {
    const payload = `${userId}.${purpose}`;
    const { expires, mac } = this.signer.sign(payload, lifetimeDays);
    return `${payload}.${expires}.${mac}`;
  }

  /** The grant for `purpose`, or null when the token is malformed, tampered with, expired or for another purpose. */
  verify(token: string | null | undefined, purpose: UnsubscribePurpose): UnsubscribeGrant | null {
    const match = TOKEN_FORMAT.exec(token ?? '');
    if (!match) return null;
    const [, userId, tokenPurpose, expires, mac] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (tokenPurpose !== purpose) return null;
    if (!this.signer.verifies(`${userId}.${tokenPurpose}`, expires, mac)) return null;
    return { userId: Number(userId), purpose, expiresAt: new Date(Number(expires) * 1000) };
  }
}
