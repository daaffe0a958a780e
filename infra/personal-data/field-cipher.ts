import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM from Node's own crypto (OpenSSL): a random 96-bit IV per value and a 128-bit tag, so a
 * value that was changed or moved to another event or field (the additional data names both) fails
 * to decrypt instead of reading as something else.
 */
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** How an encrypted field is stored in an event's JSON: `pd1:<key id>:<base64url(iv | tag | ciphertext)>`. */
const ENVELOPE_PREFIX = 'pd1:';
const ENVELOPE = /^pd1:([0-9a-f]{32}):([A-Za-z0-9_-]+)$/;

export function isSealedValue(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(ENVELOPE_PREFIX);
}

/** The key id a sealed value names, or null for anything else. */
export function keyIdOf(value: unknown): string | null {
  if (!isSealedValue(value)) return null;
  return ENVELOPE.exec(value)?.[1] ?? null;
}

function encrypt(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** A field's value (any JSON) sealed under a person's key, bound to its event and path. */
export function sealValue(keyId: string, key: Buffer, value: unknown, aad: string): string {
  const sealed = encrypt(key, Buffer.from(JSON.stringify(value), 'utf8'), aad);
  return `${ENVELOPE_PREFIX}${keyId}:${sealed.toString('base64url')}`;
}

/** The value a sealed field holds; throws when it was tampered with or is bound elsewhere. */
export function openValue(key: Buffer, sealedValue: string, aad: string): unknown {
  const match = ENVELOPE.exec(sealedValue);
  if (!match) throw new Error('Not a sealed personal-data value.');
  return JSON.parse(decrypt(key, Buffer.from(match[2]!, 'base64url'), aad).toString('utf8')) as unknown;
}

/**
 * The key-encryption key (KEK) wraps each person's data key; only wrapped keys are stored. Derived
 * subkeys keep the two uses apart: wrapping keys, and naming guest subjects by their email address.
 */
export class KeyEncryptionKey {
  private readonly wrapping: Buffer;
  private readonly naming: Buffer;

  constructor(secret: Buffer) {
    if (secret.length !== KEY_BYTES) {
      throw new Error(`The personal-data key must be ${KEY_BYTES} bytes, not ${secret.length}.`);
    }
    this.wrapping = Buffer.from(
      hkdfSync('sha256', secret, Buffer.alloc(0), 'trackskins key wrapping', KEY_BYTES),
    );
    this.naming = Buffer.from(
      hkdfSync('sha256', secret, Buffer.alloc(0), 'trackskins subject names', KEY_BYTES),
    );
  }

  wrap(keyId: string, dataKey: Buffer): Buffer {
    return encrypt(this.wrapping, dataKey, `data key ${keyId}`);
  }

  unwrap(keyId: string, wrapped: Buffer): Buffer {
    return decrypt(this.wrapping, wrapped, `data key ${keyId}`);
  }

  /**
   * A guest subject's name: a keyed hash of the normalised email address, so the address is not in
   * the clear where the subject is (the events' envelopes, the keys table) and the same address always
   * gives the same subject.
   */
  emailSubject(email: string): string {
    const digest = createHmac('sha256', this.naming).update(email.trim().toLowerCase(), 'utf8').digest('hex');
    return `email-${digest.slice(0, 40)}`;
  }
}

export function newDataKey(): { keyId: string; key: Buffer } {
  return { keyId: randomBytes(16).toString('hex'), key: randomBytes(KEY_BYTES) };
}
