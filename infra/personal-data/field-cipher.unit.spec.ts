import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { valueAt, withValueAt } from '../../domain/personal-data/personal-fields';
import { KeyEncryptionKey, keyIdOf, newDataKey, openValue, sealValue } from './field-cipher';

describe('a sealed personal field', () => {
  const { keyId, key } = newDataKey();

  it('opens to the value it sealed, and each sealing differs (a random IV per value)', () => {
    const first = sealValue(keyId, key, 'jana@example.com', 'event-1\ndata.buyer.email');
    const second = sealValue(keyId, key, 'jana@example.com', 'event-1\ndata.buyer.email');
    expect(first).not.toBe(second);
    expect(first).not.toContain('jana');
    expect(keyIdOf(first)).toBe(keyId);
    expect(openValue(key, first, 'event-1\ndata.buyer.email')).toBe('jana@example.com');
  });

  it('refuses to open under another key, bound elsewhere, or changed', () => {
    const sealed = sealValue(keyId, key, 'CZ6508000000192000145399', 'event-1\ndata.destination.iban');
    expect(() => openValue(randomBytes(32), sealed, 'event-1\ndata.destination.iban')).toThrow();
    expect(() => openValue(key, sealed, 'event-2\ndata.destination.iban')).toThrow();
    expect(() => openValue(key, sealed, 'event-1\ndata.destination.name')).toThrow();
    const body = sealed.split(':')[2]!;
    const flipped = `${body.slice(0, -2)}${body.at(-2) === 'A' ? 'B' : 'A'}${body.at(-1)}`;
    expect(() => openValue(key, sealed.replace(body, flipped), 'event-1\ndata.destination.iban')).toThrow();
  });
});

describe('the key-encryption key', () => {
  it('wraps a data key that only it unwraps, and names a guest by a keyed hash of the address', () => {
    const kek = new KeyEncryptionKey(randomBytes(32));
    const { keyId, key } = newDataKey();
    expect(kek.unwrap(keyId, kek.wrap(keyId, key)).equals(key)).toBe(true);
    expect(() => new KeyEncryptionKey(randomBytes(32)).unwrap(keyId, kek.wrap(keyId, key))).toThrow();
    expect(kek.emailSubject(' Jana@Example.com ')).toBe(kek.emailSubject('jana@example.com'));
    expect(kek.emailSubject('jana@example.com')).not.toContain('jana');
    expect(new KeyEncryptionKey(randomBytes(32)).emailSubject('jana@example.com')).not.toBe(
      kek.emailSubject('jana@example.com'),
    );
    expect(() => new KeyEncryptionKey(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('a personal field path', () => {
  it('is replaced in a copy, never in the event given', () => {
    const data = { buyer: { email: 'a@b.c', country: 'cz' }, totals: { totalCents: 5 } };
    const changed = withValueAt(data, 'buyer.email', 'x');
    expect(valueAt(changed, 'buyer.email')).toBe('x');
    expect(data.buyer.email).toBe('a@b.c');
    expect((changed as typeof data).totals).toBe(data.totals);
    expect(withValueAt(data, 'seller.name', 'x')).toBe(data);
  });
});
