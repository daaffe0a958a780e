import { describe, expect, it } from 'vitest';
import { csvOf, euros } from './csv-export';

describe('csvOf', () => {
  it('writes a UTF-8 byte-order mark, a header and one quoted-when-needed line per row', () => {
    const csv = csvOf(
      [
        { header: 'Skin', value: (row: { title: string; cents: number }) => row.title },
        { header: 'Revenue (EUR)', value: (row) => euros(row.cents / 100) },
      ],
      [
        { title: 'Neon, "Night"', cents: 3499 },
        { title: 'Škoda', cents: 500 },
      ],
    );
    expect(csv).toBe('\ufeffSkin,Revenue (EUR)\r\n"Neon, ""Night""",34.99\r\nŠkoda,5.00\r\n');
  });
});
