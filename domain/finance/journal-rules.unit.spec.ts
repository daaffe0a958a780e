import { describe, expect, it } from 'vitest';
import { FinanceLedger } from './finance-ledger';
import { journalCsv, ossCsv } from './finance-exports';
import { monthSummaries, ossReturn } from './month-summary';
import type { FinanceEvent } from './finance-ledger';

// A German consumer pays 3.50 € (19 % VAT carved out: 0.56), site fee 0.15, payment fee 0.36,
// author share 2.43: 56 + 15 + 36 + 243 = 350.
const placed: FinanceEvent = {
  type: 'OrderPlaced',
  data: {
    orderId: '7',
    externalId: 'TS-2026-000007',
    buyer: { userId: 3, email: 'de@example.com', fullName: 'D', country: 'de' },
    paymentType: 'STRIPE',
    items: [],
    totals: { totalCents: 350, vatCents: 56, siteFeeCents: 15, paymentFeeCents: 36, authorShareCents: 243 },
    feePolicyVersion: 'g3',
    vat: {
      treatment: 'OSS',
      country: 'de',
      rateBasisPoints: 1900,
      rateSetVersion: 'rates@test',
      seller: { homeCountry: 'cz', vatId: 'CZ12345678' },
      buyerVatId: null,
      vatIdCheck: null,
      evidence: { billingCountry: 'de', ipCountry: 'de', rule: 'BILLING_AND_IP_AGREE' },
    },
    placedAt: '2026-10-03T10:00:00.000Z',
  },
};
const paid: FinanceEvent = {
  type: 'PaymentReceived',
  data: {
    orderId: '7',
    provider: 'LOCAL',
    providerReference: 'x',
    providerEventId: null,
    amountCents: 350,
    receivedAt: '2026-10-03T10:01:00.000Z',
  },
};
const invoice: FinanceEvent = {
  type: 'InvoiceIssued',
  data: {
    number: '2026-000001',
    year: 2026,
    sequence: 1,
    orderId: '7',
    orderExternalId: 'TS-2026-000007',
    seller: { name: 'S', address: 'A', companyId: null, vatId: 'CZ12345678' },
    totalCents: 350,
    vatCents: 56,
    issuedAt: '2026-10-03T10:01:01.000Z',
  },
};
const refunded: FinanceEvent = {
  type: 'OrderRefunded',
  data: { orderId: '7', by: 1, reason: null, amountCents: 350, refundedAt: '2026-11-02T09:00:00.000Z' },
};

describe('journal rules', () => {
  it('books a German sale with its VAT to 2300-DE and the invoice number, whichever comes first', () => {
    for (const order of [
      [placed, paid, invoice],
      [placed, invoice, paid],
    ]) {
      const ledger = new FinanceLedger();
      order.forEach((event, index) => ledger.book(event, index + 1));
      const [sale] = ledger.entries;
      expect(sale?.documentNumber).toBe('2026-000001');
      expect(sale?.lines).toEqual([
        { account: '1100', debitCents: 314, creditCents: 0 },
        { account: '5200', debitCents: 36, creditCents: 0 },
        { account: '2300-DE', debitCents: 0, creditCents: 56 },
        { account: '2100', debitCents: 0, creditCents: 243 },
        { account: '4100', debitCents: 0, creditCents: 36 },
        { account: '4000', debitCents: 0, creditCents: 15 },
      ]);
    }
  });

  it('takes a refund back from VAT and the author, and the site bears its fee and the provider’s', () => {
    const ledger = new FinanceLedger();
    [placed, paid, invoice, refunded].forEach((event, index) => ledger.book(event, index + 1));
    expect(ledger.entries[1]?.lines).toEqual([
      { account: '2300-DE', debitCents: 56, creditCents: 0 },
      { account: '2100', debitCents: 243, creditCents: 0 },
      { account: '4900', debitCents: 51, creditCents: 0 },
      { account: '1100', debitCents: 0, creditCents: 350 },
    ]);
    const months = monthSummaries(ledger.entries);
    expect(months.get('2026-10')?.owedToAuthors).toMatchObject({
      openingCents: 0,
      sharesCents: 243,
      closingCents: 243,
    });
    expect(months.get('2026-11')?.owedToAuthors).toMatchObject({
      openingCents: 243,
      refundAdjustmentsCents: 243,
      closingCents: 0,
      tiesOut: true,
    });
    // Q4's OSS return: the sale and its refund cancel out.
    expect(ossReturn(ledger.entries)).toEqual([
      expect.objectContaining({
        country: 'de',
        rateBasisPoints: 1900,
        salesVatCents: 56,
        refundedVatCents: 56,
        vatCents: 0,
      }),
    ]);
  });

  it('reads an order placed before VAT as no VAT, and books nothing for a payout that failed before it was sent', () => {
    const { vat: _vat, ...beforeVat } = (placed as Extract<FinanceEvent, { type: 'OrderPlaced' }>).data;
    const ledger = new FinanceLedger();
    ledger.book(
      { type: 'OrderPlaced', data: { ...beforeVat, totals: { ...beforeVat.totals, vatCents: undefined } } },
      1,
    );
    ledger.book(paid, 2);
    ledger.book(
      { type: 'PayoutFailed', data: { payoutId: 4, reason: 'bad IBAN', failedAt: '2026-10-05T00:00:00Z' } },
      3,
    );
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({ vatCents: 0, vatTreatment: 'BEFORE_VAT' });
    expect(ledger.entries[0]?.lines.find((l) => l.account.startsWith('2300'))).toBeUndefined();
  });

  it('writes the journal and the OSS return through the CSV writer', () => {
    const ledger = new FinanceLedger();
    [placed, paid, invoice].forEach((event, index) => ledger.book(event, index + 1));
    const journal = journalCsv(ledger.entries).split('\r\n');
    expect(journal[0]).toBe(
      '\uFEFFdate,entry,account,account name,debit EUR,credit EUR,document number,description',
    );
    expect(journal[3]).toBe(
      '2026-10-03,2,2300-DE,"VAT payable, DE",,0.56,2026-000001,Sale TS-2026-000007 (OSS DE 19 %)',
    );
    expect(ossCsv(ossReturn(ledger.entries)).split('\r\n').slice(1, 3)).toEqual([
      'DE,19,2.94,0.56,2.94,0.56,0.00,0.00',
      'total,,2.94,0.56,2.94,0.56,0.00,0.00',
    ]);
  });
});
