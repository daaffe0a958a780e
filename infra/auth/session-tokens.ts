import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
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
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;
export type Session = SessionClaims & { exp: number };

export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.id))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The session a token proves, or null when it is missing, forged, malformed or expired. */
  async verify(token: string | undefined | null): Promise<Session | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      const claims = sessionClaimsSchema.safeParse(payload);
      return claims.success && typeof payload.exp === 'number' ? { ...claims.data, exp: payload.exp } : null;
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

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** A cookie's value from a Cookie header (the web app keeps the session token in `token`). */
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
