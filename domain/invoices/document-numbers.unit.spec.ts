import { describe, expect, it } from 'vitest';
import { creditNoteNumber, invoiceNumber, parseDocumentNumber, seriesYearOf } from './document-numbers';
import { planDocuments, type DocumentCause } from './document-issuing';
import type { DocumentSeller } from './invoice.events';

const seller: DocumentSeller = { name: 'TrackSkins', address: 'Praha', companyId: null, vatId: 'CZ12345679' };

describe('document numbers', () => {
  it('writes the year and six digits, credit notes with CN-', () => {
    expect(invoiceNumber(2026, 123)).toBe('2026-000123');
    expect(creditNoteNumber(2026, 7)).toBe('CN-2026-000007');
    expect(invoiceNumber(2026, 1_234_567)).toBe('2026-1234567');
    expect(() => invoiceNumber(2026, 0)).toThrow(RangeError);
  });

  it('reads back only numbers as issued', () => {
    expect(parseDocumentNumber('2026-000123')).toEqual({ kind: 'INVOICE', year: 2026, sequence: 123 });
    expect(parseDocumentNumber('CN-2026-000007')).toEqual({ kind: 'CREDIT_NOTE', year: 2026, sequence: 7 });
    for (const bad of ['2026-0000123', '2026-000000', '2026-123', 'cn-2026-000007', '2026-000001 ', '../x']) {
      expect(parseDocumentNumber(bad)).toBeNull();
    }
  });

  it('puts a document in the series of its issue date’s UTC year', () => {
    expect(seriesYearOf('2026-12-31T23:59:59.999Z')).toBe(2026);
    expect(seriesYearOf('2026-12-31T23:30:00.000-01:00')).toBe(2027);
  });
});

const paid = (orderId: string, at = '2026-03-01T10:00:00.000Z'): DocumentCause => ({
  kind: 'PAID',
  orderId,
  orderExternalId: `TS-2026-${orderId.padStart(6, '0')}`,
  at,
  totalCents: 350,
  vatCents: 56,
});
const refunded = (orderId: string, at = '2026-03-02T10:00:00.000Z'): DocumentCause => ({
  ...paid(orderId, at),
  kind: 'REFUNDED',
});
const none = {
  invoices: new Map<string, string>(),
  creditNotes: new Set<string>(),
  seriesVersions: new Map<string, number>(),
};

describe('planDocuments', () => {
  it('numbers on from where each year’s series stands, one event per number', () => {
    const { appends } = planDocuments(
      [paid('1'), paid('2'), paid('3', '2027-01-01T00:00:00.000Z')],
      {
        ...none,
        seriesVersions: new Map([['invoices-2026', 41]]),
      },
      seller,
    );
    expect(appends.map((a) => [a.streamId, a.expectedVersion, a.events.map((e) => e.data.number)])).toEqual([
      ['invoices-2026', 41, ['2026-000042', '2026-000043']],
      ['invoices-2027', 0, ['2027-000001']],
    ]);
    expect(appends[0]!.events[0]!.data).toMatchObject({
      sequence: 42,
      year: 2026,
      orderId: '1',
      seller,
      totalCents: 350,
      vatCents: 56,
    });
  });

  it('gives an order one invoice however often its payment comes, and a refund one credit note citing it', () => {
    const { appends, skipped } = planDocuments(
      [paid('1'), paid('1'), paid('2'), refunded('2'), refunded('2'), refunded('9')],
      { ...none, invoices: new Map([['2', '2026-000005']]), seriesVersions: new Map([['invoices-2026', 5]]) },
      seller,
    );
    expect(appends.map((a) => a.events.map((e) => e.data.number))).toEqual([
      ['2026-000006'],
      ['CN-2026-000001'],
    ]);
    const note = appends[1]!.events[0]!;
    expect(note.type).toBe('CreditNoteIssued');
    expect(note.type === 'CreditNoteIssued' && note.data.invoiceNumber).toBe('2026-000005');
    expect(skipped.map((s) => [s.cause.kind, s.cause.orderId, s.reason])).toEqual([
      ['PAID', '1', 'ALREADY_INVOICED'],
      ['PAID', '2', 'ALREADY_INVOICED'],
      ['REFUNDED', '2', 'ALREADY_CREDITED'],
      ['REFUNDED', '9', 'NOT_INVOICED'],
    ]);
  });

  it('credits an order invoiced earlier in the same batch, and none that was credited before', () => {
    const { appends } = planDocuments(
      [paid('4'), refunded('4'), refunded('5')],
      {
        ...none,
        invoices: new Map([['5', '2026-000001']]),
        creditNotes: new Set(['5']),
        seriesVersions: new Map([
          ['invoices-2026', 1],
          ['credit-notes-2026', 1],
        ]),
      },
      seller,
    );
    expect(appends.map((a) => [a.streamId, a.events.map((e) => e.data.number)])).toEqual([
      ['invoices-2026', ['2026-000002']],
      ['credit-notes-2026', ['CN-2026-000002']],
    ]);
  });
});
