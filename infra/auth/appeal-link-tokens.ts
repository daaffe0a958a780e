import { ExpiringMac } from './expiring-mac';

export type AppealLinkGrant = { statementId: number; expiresAt: Date };

const TOKEN_FORMAT = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/;

/**
 * The token of an appeal link, mailed with a statement of reasons to a person who cannot sign in
 * (a blocked account): `{statementId}.{expires}.{mac}`, an HMAC-SHA256 over the first two parts
 * with a key derived from the session secret under a label of its own (so it never passes for a
 * gift's claim link, a download grant or a session). It expires with the statement's appeal window.
 * The token proves only that the server mailed it for this statement; the statement's row decides
 * whether an appeal is still open (one appeal per statement), so a used link answers CONFLICT.
 */
export class AppealLinkTokens {
  private readonly signer: ExpiringMac;

  constructor(secret: string, now: () => Date) {
    this.signer = new ExpiringMac(secret, 'trackskins/appeal-links/v1', now);
  }

  sign(statementId: number, appealUntil: Date): string {
    const { expires, mac } = this.signer.signUntil(String(statementId), appealUntil);
    return `${statementId}.${expires}.${mac}`;
  }

  /** The statement a token names, or null when it is malformed, tampered with or expired. */
  verify(token: string | null | undefined): AppealLinkGrant | null {
    const match = TOKEN_FORMAT.exec(token ?? '');
    if (!match) return null;
    const [, statementId, expires, mac] = match as unknown as [string, string, string, string];
    if (!this.signer.verifies(statementId, expires, mac)) return null;
    return { statementId: Number(statementId), expiresAt: new Date(Number(expires) * 1000) };
  }
}
