import { createHash, randomBytes } from 'node:crypto';

/** Every personal API token starts so, which lets a secret scanner (and a person) recognise one. */
export const API_TOKEN_PREFIX = 'tsk_';
/** 32 random bytes: 256 bits, written as 43 base64url characters. */
const SECRET_BYTES = 32;
const TOKEN_PATTERN = /^tsk_[A-Za-z0-9_-]{43}$/;
/** How many characters of the secret the token list shows, to tell tokens apart. */
const SHOWN_CHARACTERS = 8;

export type NewApiTokenSecret = { token: string; hash: string; prefix: string };

/** A new token: shown once to its owner; only its hash is kept. */
export function newApiTokenSecret(): NewApiTokenSecret {
  const token = API_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
  return {
    token,
    hash: apiTokenHash(token),
    prefix: token.slice(0, API_TOKEN_PREFIX.length + SHOWN_CHARACTERS),
  };
}

/**
 * SHA-256 of the whole token. A slow password hash (argon2, scrypt) protects secrets people choose,
 * which can be guessed from a dictionary; 256 random bits cannot be, so a fast hash is as safe and
 * lets each request find its token by an index lookup instead of costing tens of milliseconds.
 */
export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a Bearer value is shaped like an API token (else it is read as a session token). */
export function looksLikeApiToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith(API_TOKEN_PREFIX);
}

export const isWellFormedApiToken = (value: string) => TOKEN_PATTERN.test(value);
