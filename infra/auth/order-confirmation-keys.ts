import { ExpiringMac } from './expiring-mac';

/**
 * How long the key in a confirmation page's address works: as long as the download links mailed
 * to a guest, so the page and the mail stop working on the same day.
 */
export const ORDER_CONFIRMATION_KEY_DAYS = 30;

const KEY_FORMAT = /^(\d{1,12})\.([\w-]{43})$/;

/**
 * The capability that lets whoever holds an order's confirmation address read that order's
 * confirmation page without a session (a guest has none): `{expires}.{mac}`, an HMAC-SHA256 over
 * the order id and the expiry. The key is derived from the session secret with a label of its own,
 * so it can never pass for a session token or a download grant, nor the reverse. It names no order
 * itself: it only opens the order it was signed for.
 */
export class OrderConfirmationKeys {
  private readonly signer: ExpiringMac;

  constructor(secret: string, now: () => Date) {
    this.signer = new ExpiringMac(secret, 'trackskins/order-confirmation/v1', now);
  }

  sign(orderId: string, lifetimeDays = ORDER_CONFIRMATION_KEY_DAYS): string {
    const { expires, mac } = this.signer.sign(orderId, lifetimeDays);
    return `${expires}.${mac}`;
  }

  /** Whether the key was signed for this order and has not expired. */
  opens(orderId: string, key: string | null | undefined): boolean {
    const match = KEY_FORMAT.exec(key ?? '');
    if (!match) return false;
    const [, expires, mac] = match as unknown as [string, string, string];
    return this.signer.verifies(orderId, expires, mac);
  }
}
