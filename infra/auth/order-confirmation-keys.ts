import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long the key in a confirmation page's address works: as long as the download links mailed
 * to a guest, so the page and the mail stop working on the same day.
 */
export const ORDER_CONFIRMATION_KEY_DAYS = 30;
const DAY_SECONDS = 24 * 60 * 60;

const KEY_FORMAT = /^(\d{1,12})\.([\w-]{43})$/;

/**
 * The capability that lets whoever holds an order's confirmation address read that order's
 * confirmation page without a session (a guest has none): `{expires}.{mac}`, an HMAC-SHA256 over
 * the order id and the expiry. The key is derived from the session secret with a label of its own,
 * so it can never pass for a session token or a download grant, nor the reverse. It names no order
 * itself: it only opens the order it was signed for.
 */
export class OrderConfirmationKeys {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => Date,
  ) {
    this.key = createHmac('sha256', secret).update('trackskins/order-confirmation/v1').digest();
  }

  sign(orderId: string, lifetimeDays = ORDER_CONFIRMATION_KEY_DAYS): string {
    const expires = Math.floor(this.now().getTime() / 1000) + lifetimeDays * DAY_SECONDS;
    return `${expires}.${this.mac(orderId, String(expires))}`;
  }

  /** Whether the key was signed for this order and has not expired. */
  opens(orderId: string, key: string | null | undefined): boolean {
    const match = KEY_FORMAT.exec(key ?? '');
    if (!match) return false;
    const [, expires, mac] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.mac(orderId, expires));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return false;
    return Number(expires) * 1000 > this.now().getTime();
  }

  private mac(orderId: string, expires: string): string {
    return createHmac('sha256', this.key).update(`${orderId}.${expires}`).digest('base64url');
  }
}
