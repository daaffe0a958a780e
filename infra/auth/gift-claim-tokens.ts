import { ExpiringMac } from './expiring-mac';

/** How long a gift's claim link works: long enough for a birthday that is weeks away. */
export const GIFT_CLAIM_LINK_DAYS = 30;

export type GiftClaimGrant = { orderId: string; linkId: string; expiresAt: Date };

const TOKEN_FORMAT = /^(\d{1,15})\.([\w-]{16,64})\.(\d{1,12})\.([\w-]{43})$/;

/**
 * The token of a gift's claim link: `{orderId}.{linkId}.{expires}.{mac}`, an HMAC-SHA256 over the
 * first three parts with a key derived from the session secret under a label of its own (so it
 * never passes for a download grant, a confirmation key or a session). The link's row
 * (`gift_claim_links`) decides whether it is still good: unused, not expired, its gift open. The
 * token proves only that the server mailed this link for this order.
 */
export class GiftClaimTokens {
  private readonly signer: ExpiringMac;

  constructor(secret: string, now: () => Date) {
    this.signer = new ExpiringMac(secret, 'trackskins/gift-claims/v1', now);
  }

  sign(link: { orderId: string; linkId: string }, lifetimeDays = GIFT_CLAIM_LINK_DAYS): string {
    const payload = `${link.orderId}.${link.linkId}`;
    const { expires, mac } = this.signer.sign(payload, lifetimeDays);
    return `${payload}.${expires}.${mac}`;
  }

  /** The link a token names, or null when it is malformed, tampered with or expired. */
  verify(token: string | null | undefined): GiftClaimGrant | null {
    const match = TOKEN_FORMAT.exec(token ?? '');
    if (!match) return null;
    const [, orderId, linkId, expires, mac] = match as unknown as [string, string, string, string, string];
    if (!this.signer.verifies(`${orderId}.${linkId}`, expires, mac)) return null;
    return { orderId, linkId, expiresAt: new Date(Number(expires) * 1000) };
  }
}
