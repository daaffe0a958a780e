import { stringify } from 'csv-stringify/browser/esm/sync';

/** A cell of an export: text as it is, numbers as they are (amounts already as euro strings). */
export type CsvCell = string | number | null;

/** A plain number as a spreadsheet reads one ("-2.50", "+3", "12"): left as it is. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run as a formula gets a leading apostrophe, so it shows as
 * the text it is (OWASP "CSV Injection"). Plain numbers, negative amounts included, stay numbers.
 */
export function neutraliseFormula(cell: CsvCell): CsvCell {
  if (typeof cell !== 'string' || !FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}

/**
 * The one CSV writer of the product: a header line and one line per row, every cell neutralised,
 * quoted when needed, CRLF line ends and a UTF-8 byte-order mark so spreadsheets read the text as
 * UTF-8.
 */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    [header.map(neutraliseFormula), ...rows.map((row) => row.map((cell) => neutraliseFormula(cell ?? '')))],
    { bom: true, record_delimiter: 'windows' },
  );
}
