import { parse } from 'csv-parse/browser/esm/sync';
import { describe, expect, it } from 'vitest';
import { csvColumnsOf } from '../components/charts';
import { csvOf, euros } from '../components/csv-export';
import {
  downloadRankColumns,
  rankedSkinsCsvColumns,
  salesRankColumns,
  type RankColumn,
} from '../components/dashboard-parts';

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

/** Titles an author could give a skin that a spreadsheet would run as formulas (OWASP's examples). */
const FORMULA_TITLES = [
  '=HYPERLINK("http://x","y")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '-2+3+cmd',
  '\t=1+1',
  '\r=1+1',
];

const skin = (title: string, index: number) => ({
  skin: { id: String(index + 1), url: `skin-${index + 1}`, title, type: 'TM2020' as const },
});
const records = (csv: string) => parse(csv, { bom: true, relax_column_count: false }) as string[][];

describe("the dashboards' CSV exports", () => {
  it.each([
    [
      'downloads',
      downloadRankColumns,
      FORMULA_TITLES.map((title, index) => ({ ...skin(title, index), unique: 3, total: 5 })),
    ],
    [
      'sales',
      salesRankColumns,
      FORMULA_TITLES.map((title, index) => ({
        ...skin(title, index),
        totalCount: 2,
        totalPrice: -2.5,
        totalVat: 0,
        totalNet: -2.5,
      })),
    ],
  ] as const)('keep every %s title a text cell, read back as written', (_name, columns, rows) => {
    const [header, ...lines] = records(
      csvOf(rankedSkinsCsvColumns(rows, columns as readonly RankColumn<(typeof rows)[number]>[]), rows),
    );
    expect(header?.slice(0, 3)).toEqual(['#', 'Skin', 'Game']);
    expect(lines.map((line) => line[1])).toEqual(FORMULA_TITLES.map((title) => `'${title}`));
    expect(lines.map((line) => line[0])).toEqual(FORMULA_TITLES.map((_, index) => String(index + 1)));
  });

  it('keep negative amounts and counts numbers in the month tables', () => {
    const rows = [
      { key: '2026-05', earnings: -2.5, sold: -1 },
      { key: '2026-06', earnings: 12, sold: 3 },
    ];
    const csv = csvOf(
      csvColumnsOf<(typeof rows)[number]>([
        { header: 'Sold', value: (row) => row.sold },
        { header: 'Earnings (EUR)', value: (row) => row.earnings, amount: true },
      ]),
      rows,
    );
    expect(records(csv).slice(1)).toEqual([
      ['2026-05', '-1', '-2.50'],
      ['2026-06', '3', '12.00'],
    ]);
  });
});
