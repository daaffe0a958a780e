import { ExpiringMac } from './expiring-mac';

/** How long the download links of a guest's confirmation mail work. */
export const DOWNLOAD_GRANT_DAYS = 30;

export type DownloadGrant = { orderId: string; skinId: number; expiresAt: Date };

const GRANT_FORMAT = /^(\d{1,15})\.(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/;

/**
 * Signed, expiring download links for guests who bought: `{orderId}.{skinId}.{expires}.{mac}`, an
 * HMAC-SHA256 over the first three parts. The key is derived from the session secret with a label
 * of its own, so a grant can never pass for a session token nor the reverse. A grant only proves
 * what it names: the download route still checks that the order owns the skin now (a refund
 * revokes the links).
 */
export class DownloadGrants {
  private readonly signer: ExpiringMac;

  constructor(secret: string, now: () => Date) {
    this.signer = new ExpiringMac(secret, 'trackskins/download-grants/v1', now);
  }

  sign(grant: { orderId: string; skinId: number }, lifetimeDays = DOWNLOAD_GRANT_DAYS): string {
    const payload = `${grant.orderId}.${grant.skinId}`;
    const { expires, mac } = this.signer.sign(payload, lifetimeDays);
    return `${payload}.${expires}.${mac}`;
  }

  /** The grant a link carries, or null when it is malformed, tampered with or expired. */
  verify(token: string | null | undefined): DownloadGrant | null {
    const match = GRANT_FORMAT.exec(token ?? '');
    if (!match) return null;
    const [, orderId, skinId, expires, mac] = match as unknown as [string, string, string, string, string];
    if (!this.signer.verifies(`${orderId}.${skinId}`, expires, mac)) return null;
    return { orderId, skinId: Number(skinId), expiresAt: new Date(Number(expires) * 1000) };
  }
}
