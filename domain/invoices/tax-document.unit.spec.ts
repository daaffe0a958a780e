import { describe, expect, it } from 'vitest';
import type { OrderPlaced, OrderVat, PaymentReceived } from '../orders/order.events';
import type { DocumentSeller, InvoiceIssued } from './invoice.events';
import { buildTaxDocument, formatRate, formatTaxDocument, vatNoteOf } from './tax-document';

/** Intl puts no-break spaces in "3,50 €" and "19 %"; the expectations read plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const seller: DocumentSeller = {
  name: 'TrackSkins s.r.o.',
  address: 'Náměstí 1, 110 00 Praha, Czech Republic',
  companyId: '12345679',
  vatId: 'CZ12345679',
};

const vatOf = (vat: Partial<OrderVat>): OrderVat => ({
  treatment: 'OSS',
  country: 'de',
  rateBasisPoints: 1900,
  rateSetVersion: 'sales-tax@2.23.0',
  seller: { homeCountry: 'cz', vatId: 'CZ12345679' },
  buyerVatId: null,
  vatIdCheck: null,
  evidence: { billingCountry: 'de', ipCountry: 'de', rule: 'BILLING_AND_IP_AGREE' },
  ...vat,
});

function orderWith(
  item: { priceCents: number; tipCents?: number; vatCents?: number; listPriceCents?: number },
  vat: OrderVat | undefined,
  country: string | null = 'de',
): OrderPlaced['data'] {
  const gross = item.priceCents + (item.tipCents ?? 0);
  return {
    orderId: '7',
    externalId: 'TS-2026-000007',
    buyer: { userId: 3, email: 'anna@example.com', fullName: 'Anna Schmidt', country },
    paymentType: 'STRIPE',
    items: [
      {
        itemType: 'SKIN',
        itemId: 12,
        name: 'Desert Storm',
        authorId: 2,
        priceCents: item.priceCents,
        tipCents: item.tipCents ?? 0,
        siteFeeCents: 30,
        paymentFeeCents: 30,
        authorShareCents: gross - (item.vatCents ?? 0) - 60,
        ...(item.vatCents === undefined ? {} : { vatCents: item.vatCents }),
        ...(item.listPriceCents === undefined ? {} : { listPriceCents: item.listPriceCents }),
      },
    ],
    totals: {
      totalCents: gross,
      ...(item.vatCents === undefined ? {} : { vatCents: item.vatCents }),
      siteFeeCents: 30,
      paymentFeeCents: 30,
      authorShareCents: gross - (item.vatCents ?? 0) - 60,
    },
    feePolicyVersion: 'v3',
    ...(vat ? { vat } : {}),
    placedAt: '2026-03-01T10:00:00.000Z',
  };
}

const payment: PaymentReceived['data'] = {
  orderId: '7',
  provider: 'LOCAL',
  providerReference: 'LOCAL-1',
  providerEventId: null,
  amountCents: 350,
  cardCountry: 'de',
  receivedAt: '2026-03-01T10:01:00.000Z',
};

const issued = (order: OrderPlaced['data']): InvoiceIssued['data'] => ({
  number: '2026-000042',
  year: 2026,
  sequence: 42,
  orderId: order.orderId,
  orderExternalId: order.externalId!,
  seller,
  totalCents: order.totals.totalCents,
  vatCents: order.totals.vatCents ?? 0,
  issuedAt: payment.receivedAt,
});

const invoiceOf = (order: OrderPlaced['data'], paid: PaymentReceived['data'] | null = payment) =>
  formatTaxDocument(
    buildTaxDocument({ document: { kind: 'INVOICE', issued: issued(order) }, order, payment: paid }),
  );

describe('the tax document of an order', () => {
  it('carves 19 % German VAT out of a German consumer’s 3,50 €: VAT 0,56 €, net 2,94 €', () => {
    const doc = invoiceOf(orderWith({ priceCents: 350, vatCents: 56 }, vatOf({})));
    expect(doc.lines).toEqual([
      {
        description: 'Desert Storm',
        itemType: 'SKIN',
        netCents: 294,
        rateBasisPoints: 1900,
        vatCents: 56,
        grossCents: 350,
        listPriceCents: null,
      },
    ]);
    expect(doc.totals).toEqual({ netCents: 294, vatCents: 56, grossCents: 350 });
    expect(plain(doc.formatted.totals.vat)).toBe('0,56 €');
    expect(plain(doc.formatted.totals.net)).toBe('2,94 €');
    expect(plain(doc.formatted.totals.gross)).toBe('3,50 €');
    expect(plain(doc.formatted.lines[0]!.rate)).toBe('19 %');
    expect(doc.treatment).toBe('OSS');
    expect(doc.buyer).toEqual({
      name: 'Anna Schmidt',
      email: 'anna@example.com',
      country: 'de',
      countryName: 'Germany',
      vatId: null,
    });
    expect(plain(doc.vatNote)).toContain('VAT of Germany at 19 %');
    expect(doc.vatNote).toContain('One-Stop Shop');
    expect(doc.evidence).toEqual({
      billingCountry: 'de',
      ipCountry: 'de',
      cardCountry: 'de',
      rule: 'BILLING_AND_IP_AGREE',
    });
    expect(doc.formatted.evidence).toBe(
      'billing address: Germany; IP address: Germany; card issued in: Germany (settled because the billing country and the IP address agree).',
    );
    expect(doc.seller).toEqual(seller);
    expect(doc.issuedOn).toBe('01. 03. 2026');
    expect(doc.paidOn).toBe('01. 03. 2026');
    expect(doc.title).toBe('Invoice');
  });

  it('gives a French business buyer a reverse-charge invoice with its VAT ID and no VAT', () => {
    const vat = vatOf({
      treatment: 'REVERSE_CHARGE',
      country: 'fr',
      rateBasisPoints: 0,
      buyerVatId: 'FR40303265045',
      vatIdCheck: { source: 'LOCAL', requestIdentifier: null, checkedAt: '2026-03-01T10:00:00.000Z' },
      evidence: { billingCountry: 'fr', ipCountry: 'fr', rule: 'BILLING_AND_IP_AGREE' },
    });
    const doc = invoiceOf(orderWith({ priceCents: 292, vatCents: 0, listPriceCents: 350 }, vat, 'fr'));
    expect(doc.totals).toEqual({ netCents: 292, vatCents: 0, grossCents: 292 });
    expect(doc.lines[0]).toMatchObject({ rateBasisPoints: 0, vatCents: 0, listPriceCents: 350 });
    expect(doc.buyer).toMatchObject({ country: 'fr', countryName: 'France', vatId: 'FR40303265045' });
    expect(doc.vatNote).toBe(
      'Reverse charge: the customer accounts for the VAT, Art. 196 of Directive 2006/112/EC.',
    );
    expect(plain(doc.formatted.lines[0]!.listPrice)).toBe('3,50 €');
  });

  it('says that no VAT is charged when the operator is not registered', () => {
    const vat = vatOf({
      treatment: 'NOT_REGISTERED',
      rateBasisPoints: 0,
      seller: { homeCountry: 'cz', vatId: null },
    });
    const doc = invoiceOf(orderWith({ priceCents: 350, vatCents: 0 }, vat));
    expect(doc.totals).toEqual({ netCents: 350, vatCents: 0, grossCents: 350 });
    expect(doc.vatNote).toBe('VAT not charged: the seller is not registered for VAT.');
    expect(plain(doc.formatted.lines[0]!.rate)).toBe('0 %');
  });

  it('says that a buyer outside the EU is not subject to EU VAT', () => {
    const vat = vatOf({
      treatment: 'OUTSIDE_EU',
      country: 'us',
      rateBasisPoints: 0,
      evidence: { billingCountry: 'us', ipCountry: 'ca', rule: 'BUYER_CONFIRMED' },
    });
    const doc = invoiceOf(orderWith({ priceCents: 500, tipCents: 100, vatCents: 0 }, vat, 'us'), {
      ...payment,
      cardCountry: null,
    });
    expect(doc.totals).toEqual({ netCents: 600, vatCents: 0, grossCents: 600 });
    expect(doc.vatNote).toBe(
      'Not subject to EU VAT: the customer lives outside the European Union (United States).',
    );
    expect(doc.formatted.evidence).toBe(
      'billing address: United States; IP address: Canada (settled because the buyer confirmed the country).',
    );
  });

  it('reads an order placed before VAT as no VAT at all, and says so', () => {
    const doc = invoiceOf(orderWith({ priceCents: 350, tipCents: 50 }, undefined, 'cz'));
    expect(doc.treatment).toBeNull();
    expect(doc.totals).toEqual({ netCents: 400, vatCents: 0, grossCents: 400 });
    expect(doc.evidence).toBeNull();
    expect(doc.formatted.evidence).toBeNull();
    expect(doc.rateSetVersion).toBeNull();
    expect(doc.buyer).toMatchObject({ country: 'cz', countryName: 'Czechia', vatId: null });
    expect(doc.vatNote).toBe(vatNoteOf(undefined));
    expect(doc.vatNote).toContain('before the site charged VAT');
  });

  it('makes a credit note that takes back the invoice’s amounts and cites its number', () => {
    const order = orderWith({ priceCents: 350, vatCents: 56 }, vatOf({}));
    const doc = formatTaxDocument(
      buildTaxDocument({
        document: {
          kind: 'CREDIT_NOTE',
          issued: {
            ...issued(order),
            number: 'CN-2026-000003',
            sequence: 3,
            invoiceNumber: '2026-000042',
            issuedAt: '2026-03-05T08:00:00.000Z',
          },
        },
        order,
        payment,
      }),
    );
    expect(doc.title).toBe('Credit note');
    expect(doc.invoiceNumber).toBe('2026-000042');
    expect(doc.totals).toEqual({ netCents: -294, vatCents: -56, grossCents: -350 });
    expect(plain(doc.formatted.totals.gross)).toBe('-3,50 €');
    expect(doc.issuedOn).toBe('05. 03. 2026');
  });

  it('writes rates as the site writes numbers', () => {
    expect(plain(formatRate(2100))).toBe('21 %');
    expect(plain(formatRate(550))).toBe('5,5 %');
    expect(plain(formatRate(0))).toBe('0 %');
  });
});
