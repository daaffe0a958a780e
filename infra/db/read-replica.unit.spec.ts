import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lsnNumber, lsnText } from './read-replica';

describe('WAL positions', () => {
  it('reads PostgreSQL’s text form as a byte offset, and writes it back the same', () => {
    expect(lsnNumber('0/0')).toBe(0);
    expect(lsnNumber('0/3000148')).toBe(0x3000148);
    expect(lsnNumber('16/B374D848')).toBe(0x16 * 2 ** 32 + 0xb374d848);
    expect(lsnText(0x16 * 2 ** 32 + 0xb374d848)).toBe('16/B374D848');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (position) => {
        expect(lsnNumber(lsnText(position))).toBe(position);
      }),
    );
  });

  it('orders positions as PostgreSQL does: the high half first', () => {
    expect(lsnNumber('1/0')).toBeGreaterThan(lsnNumber('0/FFFFFFFF'));
    expect(lsnNumber('1/0') - lsnNumber('0/FFFFFFFF')).toBe(1);
  });

  it('refuses anything else (a read-after cookie is visitor input)', () => {
    for (const text of ['', '0', '0/', '/0', 'G/0', '0/123456789', '0/1 ', '1/2/3']) {
      expect(() => lsnNumber(text)).toThrow(RangeError);
    }
  });
});
