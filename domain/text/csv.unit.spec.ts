import { parse } from 'csv-parse/browser/esm/sync';
import { describe, expect, it } from 'vitest';
import { csvText, neutraliseFormula } from './csv';

describe('neutraliseFormula', () => {
  it.each(['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '@SUM(1+1)', '-2+3+cmd', '\tx', '\rx'])(
    'prefixes %j with an apostrophe',
    (cell) => expect(neutraliseFormula(cell)).toBe(`'${cell}`),
  );

  it.each(['-2.50', '+3', '12', 'Neon Night', '', 'a=b'])('leaves %j as it is', (cell) =>
    expect(neutraliseFormula(cell)).toBe(cell),
  );

  it('leaves numbers and nulls as they are', () => {
    expect(neutraliseFormula(-3)).toBe(-3);
    expect(neutraliseFormula(null)).toBe(null);
  });
});

describe('csvText', () => {
  it('writes a byte-order mark, a header and quoted-when-needed CRLF lines that read back as written', () => {
    const csv = csvText(
      ['Skin', 'Revenue (EUR)'],
      [
        ['Neon, "Night"', '34.99'],
        ['=HYPERLINK("http://x","y")', '-5.00'],
        [null, 0],
      ],
    );
    expect(csv.startsWith('\ufeffSkin,Revenue (EUR)\r\n"Neon, ""Night""",34.99\r\n')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ['Skin', 'Revenue (EUR)'],
      ['Neon, "Night"', '34.99'],
      ['\'=HYPERLINK("http://x","y")', '-5.00'],
      ['', '0'],
    ]);
  });
});
