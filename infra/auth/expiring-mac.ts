import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * An expiring HMAC-SHA256 over `{payload}.{expires}` (expires in Unix seconds), the base of the
 * capabilities mailed or handed to guests (download grants, confirmation-page keys). The key is
 * derived from the session secret with the caller's label, so one kind of capability can never pass
 * for another, nor for a session token.
 */
export class ExpiringMac {
  private readonly key: Buffer;

  constructor(
    secret: string,
    label: string,
    private readonly now: () => Date,
  ) {
    this.key = createHmac('sha256', secret).update(label).digest();
  }

  /** The expiry `lifetimeDays` from now and the MAC over the payload with it. */
  sign(payload: string, lifetimeDays: number): { expires: number; mac: string } {
    const expires = Math.floor(this.now().getTime() / 1000) + lifetimeDays * DAY_SECONDS;
    return { expires, mac: this.mac(`${payload}.${expires}`) };
  }

  /** The MAC over the payload with a fixed expiry (a capability that ends with a deadline of its own). */
  signUntil(payload: string, expiresAt: Date): { expires: number; mac: string } {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return { expires, mac: this.mac(`${payload}.${expires}`) };
  }

  /** Whether `mac` was made for this payload and expiry, and the expiry is still ahead. */
  verifies(payload: string, expires: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(`${payload}.${expires}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return Number(expires) * 1000 > this.now().getTime();
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}
