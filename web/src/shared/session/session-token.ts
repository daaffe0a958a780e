import { normalizeRoles } from './roles';

// The session token is a JWT kept in the cookie `token` (path /) until the token's expiry.
export const TOKEN_COOKIE = 'token';

export interface SessionUser {
  id: number;
  name: string;
  username: string;
  email: string;
  language: string;
  country: string;
  /** Lower-case role names, e.g. ['regular', 'admin']. */
  roles: string[];
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
    exp,
  };
}

export function isExpired(user: Pick<SessionUser, 'exp'>, now: number = Date.now()): boolean {
  return user.exp * 1000 <= now;
}

export function readTokenCookie(cookieHeader: string = document.cookie): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== TOKEN_COOKIE) continue;
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

function cookieAttributes(): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; path=/; SameSite=Lax${secure}`;
}

export function writeTokenCookie(token: string, exp: number): void {
  const expires = new Date(exp * 1000).toUTCString();
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; expires=${expires}${cookieAttributes()}`;
}

export function clearTokenCookie(): void {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0${cookieAttributes()}`;
}
