import { normalizeRoles } from './roles';

// The session token is a JWT the server keeps in the HttpOnly cookie `token`: page scripts never
// see it, and the browser sends it with every call. Beside it, the readable cookie `session` holds
// only the token's claims (its middle part, without the signature) so the app knows who is signed in.
export const CLAIMS_COOKIE = 'session';

export interface SessionUser {
  id: number;
  name: string;
  username: string;
  email: string;
  language: string;
  country: string;
  /** Lower-case role names, e.g. ['regular', 'admin']. */
  roles: string[];
  /** Whether the account proved its email with the mailed link. */
  emailVerified: boolean;
  /** Expiry, in seconds since the epoch (the JWT `exp` claim). */
  exp: number;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads the claims of a session token without verifying it (the server verifies every call). */
export function decodeSessionToken(token: string): SessionUser | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64Url(payload));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object') return null;
  const record = claims as Record<string, unknown>;
  const id = typeof record.id === 'string' ? Number(record.id) : record.id;
  const exp = typeof record.exp === 'string' ? Number(record.exp) : record.exp;
  if (typeof id !== 'number' || !Number.isFinite(id)) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return {
    id,
    name: text(record.name),
    username: text(record.username),
    email: text(record.email),
    language: text(record.language),
    country: text(record.country),
    roles: normalizeRoles(record.roles),
    emailVerified: record.emailVerified === true,
    exp,
  };
}

export function isExpired(user: Pick<SessionUser, 'exp'>, now: number = Date.now()): boolean {
  return user.exp * 1000 <= now;
}

export function readCookie(name: string, cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (!value) return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The claims of the signed-in session from the `session` cookie, or null without one. */
export function readClaimsCookie(cookieHeader: string = document.cookie): SessionUser | null {
  const claims = readCookie(CLAIMS_COOKIE, cookieHeader);
  return claims ? decodeSessionToken(`header.${claims}.signature`) : null;
}

/** The raw value of the `session` cookie: it changes whenever the server issues a new token. */
export function readClaimsCookieValue(cookieHeader: string = document.cookie): string | null {
  return readCookie(CLAIMS_COOKIE, cookieHeader);
}

/** Forgets the claims here at once; the server clears the HttpOnly token (POST /api/auth/logout). */
export function clearClaimsCookie(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CLAIMS_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/; SameSite=Lax${secure}`;
}
