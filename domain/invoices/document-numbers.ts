/**
 * The numbers of tax documents: `2026-000123` for the 123rd invoice of 2026, `CN-2026-000007` for
 * the 7th credit note. Six digits at least; a 1,000,000th document of a year simply has seven.
 */
export type TaxDocumentKind = 'INVOICE' | 'CREDIT_NOTE';

const sequenceText = (sequence: number) => String(sequence).padStart(6, '0');

function assertSeriesPosition(year: number, sequence: number) {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Bad year ${year}.`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Bad sequence ${sequence}.`);
}

export function invoiceNumber(year: number, sequence: number): string {
  assertSeriesPosition(year, sequence);
  return `${year}-${sequenceText(sequence)}`;
}

export function creditNoteNumber(year: number, sequence: number): string {
  assertSeriesPosition(year, sequence);
  return `CN-${year}-${sequenceText(sequence)}`;
}

const NUMBER_FORMAT = /^(CN-)?(\d{4})-(\d{6,15})$/;

/** What a number names, or null for anything that is not a document number as issued. */
export function parseDocumentNumber(
  text: string,
): { kind: TaxDocumentKind; year: number; sequence: number } | null {
  const match = NUMBER_FORMAT.exec(text);
  if (!match) return null;
  const [, prefix, year, digits] = match as unknown as [string, string | undefined, string, string];
  const sequence = Number(digits);
  // Only the canonical spelling: `2026-0000001` is not the number `2026-000001`.
  if (sequence < 1 || sequenceText(sequence) !== digits) return null;
  return { kind: prefix ? 'CREDIT_NOTE' : 'INVOICE', year: Number(year), sequence };
}

/** The series year of a document issued at this time: the calendar year in UTC. */
export function seriesYearOf(issuedAt: string): number {
  const time = new Date(issuedAt);
  if (Number.isNaN(time.getTime())) throw new RangeError(`Bad issue time ${issuedAt}.`);
  return time.getUTCFullYear();
}
