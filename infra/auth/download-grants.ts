import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the download links of a guest's confirmation mail work. */
export const DOWNLOAD_GRANT_DAYS = 30;
const DAY_SECONDS = 24 * 60 * 60;

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
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => Date,
  ) {
    this.key = createHmac('sha256', secret).update('trackskins/download-grants/v1').digest();
  }

  sign(grant: { orderId: string; skinId: number }, lifetimeDays = DOWNLOAD_GRANT_DAYS): string {
    const expires = Math.floor(this.now().getTime() / 1000) + lifetimeDays * DAY_SECONDS;
    const payload = `${grant.orderId}.${grant.skinId}.${expires}`;
    return `${payload}.${this.mac(payload)}`;
  }

  /** The grant a link carries, or null when it is malformed, tampered with or expired. */
  verify(token: string | null | undefined): DownloadGrant | null {
    const match = GRANT_FORMAT.exec(token ?? '');
    if (!match) return null;
    const [, orderId, skinId, expires, mac] = match as unknown as [string, string, string, string, string];
    const expected = Buffer.from(this.mac(`${orderId}.${skinId}.${expires}`));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
    const expiresAt = new Date(Number(expires) * 1000);
    if (expiresAt.getTime() <= this.now().getTime()) return null;
    return { orderId, skinId: Number(skinId), expiresAt };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
