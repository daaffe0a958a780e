import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';

/** Tokens live 30 days; the web app refreshes them once fewer than 25 remain (spec 4). */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export const sessionClaimsSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  language: z.string(),
  country: z.string().nullable(),
  roles: z.array(z.string()),
  /** Whether the account's email was proven (the web app shows a notice until it is). */
  emailVerified: z.boolean().default(false),
  /** The account's session version when signed: a later version (revocation) refuses the token. */
  sv: z.number().int().nonnegative().default(0),
});
export type SessionClaims = z.input<typeof sessionClaimsSchema>;
export type Session = z.output<typeof sessionClaimsSchema> & { exp: number };

/** The account's current session version, or null when the account cannot sign in (gone, a guest). */
export type SessionVersionLookup = (userId: number) => Promise<number | null>;

/** What a mailed verification link proves: this account asked to verify this email. */
export type EmailVerificationClaims = { userId: number; email: string; tokenId: string };

const EMAIL_VERIFICATION_AUDIENCE = 'email-verification';
const SESSION_AUDIENCE = 'session';

export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
    /** Without it (tools, unit tests), tokens are checked by signature and expiry alone. */
    private readonly sessionVersionOf: SessionVersionLookup | null = null,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ ...sessionClaimsSchema.parse(claims) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.id))
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
  }

  /**
   * The session a token proves, or null when it is missing, forged, malformed, expired or revoked
   * (its account's session version moved on: a new password, other roles, "sign out everywhere").
   */
  async verify(token: string | undefined | null): Promise<Session | null> {
    const payload = await this.verifiedPayload(token);
    // Tokens signed before audiences were set carry none; a verification link's token is refused.
    if (!payload || (payload.aud !== undefined && payload.aud !== SESSION_AUDIENCE)) return null;
    const claims = sessionClaimsSchema.safeParse(payload);
    if (!claims.success || typeof payload.exp !== 'number') return null;
    if (this.sessionVersionOf) {
      const current = await this.sessionVersionOf(claims.data.id);
      if (current === null || current !== claims.data.sv) return null;
    }
    return { ...claims.data, exp: payload.exp };
  }

  /**
   * The account a genuine, unexpired session token was signed for, whether or not the session was
   * ended since: to tell a blocked account why its session no longer counts. Never a credential.
   */
  async accountOf(token: string | undefined | null): Promise<number | null> {
    const payload = await this.verifiedPayload(token);
    if (!payload || (payload.aud !== undefined && payload.aud !== SESSION_AUDIENCE)) return null;
    const claims = sessionClaimsSchema.safeParse(payload);
    return claims.success ? claims.data.id : null;
  }

  /** The token of a verification link: signed with the same key, for another audience. */
  signEmailVerification(claims: EmailVerificationClaims, lifetimeSeconds: number): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setAudience(EMAIL_VERIFICATION_AUDIENCE)
      .setJti(claims.tokenId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetimeSeconds)
      .sign(this.key);
  }

  /** What a verification link's token proves, or null when it is forged, malformed or expired. */
  async verifyEmailVerification(token: string | undefined | null): Promise<EmailVerificationClaims | null> {
    const payload = await this.verifiedPayload(token);
    if (!payload || payload.aud !== EMAIL_VERIFICATION_AUDIENCE) return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    if (typeof payload.email !== 'string' || typeof payload.jti !== 'string') return null;
    return { userId, email: payload.email, tokenId: payload.jti };
  }

  private async verifiedPayload(token: string | undefined | null): Promise<JWTPayload | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/** The signing secret: JWT_SECRET when set, otherwise one generated once and kept under DATA_DIR. */
export async function loadTokenSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'jwt-secret');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  const secret = randomBytes(48).toString('base64url');
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The session token travels in an HttpOnly cookie the server sets (page scripts cannot read it);
 * `session` beside it holds only the token's claims (its middle part, unsigned), so the web app
 * can show who is signed in. Only the signed token proves anything.
 */
export const SESSION_COOKIE = 'token';
export const SESSION_CLAIMS_COOKIE = 'session';

/** The Set-Cookie values that store a session token and its claims (SameSite=Lax; Secure over HTTPS). */
export function sessionCookies(token: string, options: { secure: boolean }): string[] {
  const claims = token.split('.')[1] ?? '';
  const attributes = `Path=/; Max-Age=${TOKEN_LIFETIME_SECONDS}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  return [
    `${SESSION_COOKIE}=${token}; ${attributes}; HttpOnly`,
    `${SESSION_CLAIMS_COOKIE}=${claims}; ${attributes}`,
  ];
}

/** The Set-Cookie values that end the session in this browser. */
export function clearedSessionCookies(options: { secure: boolean }): string[] {
  const attributes = `Path=/; Max-Age=0; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=; ${attributes}; HttpOnly`, `${SESSION_CLAIMS_COOKIE}=; ${attributes}`];
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** A cookie's value from a Cookie header (the server keeps the session token in `token`). */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}
