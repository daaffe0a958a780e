import { formatMoney, sumCents, type Cents } from '../money';
import type {
  LocationEvidence,
  OrderPlaced,
  OrderVat,
  PaymentReceived,
  VatTreatment,
} from '../orders/order.events';
import type { TaxDocumentKind } from './document-numbers';
import type { CreditNoteIssued, DocumentSeller, InvoiceIssued } from './invoice.events';

/** One line of a document: an ordered item, its tip included (the tip is part of what was supplied). */
export type TaxDocumentLine = {
  description: string;
  itemType: 'SKIN' | 'BUNDLE';
  netCents: Cents;
  rateBasisPoints: number;
  vatCents: Cents;
  grossCents: Cents;
  /** What the catalogue asked when a reverse-charge buyer paid less (the VAT-inclusive list price). */
  listPriceCents: Cents | null;
};

export type TaxDocumentBuyer = {
  name: string;
  email: string;
  /** Lowercase ISO code of the country the VAT followed (or the buyer's, before VAT), null when unknown. */
  country: string | null;
  countryName: string | null;
  vatId: string | null;
};

export type TaxDocumentEvidence = {
  billingCountry: string | null;
  ipCountry: string | null;
  cardCountry: string | null;
  rule: LocationEvidence['rule'];
};

/**
 * A tax document as it is shown and printed: built only from what the events recorded (the
 * series event, the order's `OrderPlaced` and `PaymentReceived`), never from the catalogue or the
 * configuration of today. A credit note takes back the whole order: its amounts are the invoice's,
 * negative.
 */
export type TaxDocument = {
  kind: TaxDocumentKind;
  number: string;
  /** The invoice a credit note corrects; null for an invoice. */
  invoiceNumber: string | null;
  issuedAt: string;
  /** When the payment was received (the date of the supply); null if it is not recorded. */
  paidAt: string | null;
  orderExternalId: string;
  seller: DocumentSeller;
  buyer: TaxDocumentBuyer;
  lines: TaxDocumentLine[];
  totals: { netCents: Cents; vatCents: Cents; grossCents: Cents };
  /** null: the order was placed before the site charged VAT. */
  treatment: VatTreatment | null;
  /** The rate applied (basis points), 0 when none. */
  rateBasisPoints: number;
  rateSetVersion: string | null;
  /** Why the VAT is what it is, in a sentence (the legal mention the document must carry). */
  vatNote: string;
  evidence: TaxDocumentEvidence | null;
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Germany" for `de`; null for an unknown or absent code. */
export function countryNameOf(code: string | null | undefined): string | null {
  if (!code || !/^[a-z]{2}$/i.test(code)) return null;
  try {
    const name = regionNames.of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : null;
  } catch {
    return null;
  }
}

const percentFormat = new Intl.NumberFormat('cs-CZ', { style: 'percent', maximumFractionDigits: 2 });

/** 1900 → "19 %", 550 → "5,5 %" (Czech formatting, as the site writes amounts). */
export function formatRate(basisPoints: number): string {
  return percentFormat.format(basisPoints / 10_000);
}

/** The sentence that says why the document charges the VAT it does (docs/invoices.md). */
export function vatNoteOf(vat: OrderVat | undefined): string {
  if (!vat) {
    return 'This order was placed before the site charged VAT: no VAT is shown on this document.';
  }
  const country = countryNameOf(vat.country) ?? 'the buyer’s country';
  switch (vat.treatment) {
    case 'OSS':
      return `VAT of ${country} at ${formatRate(vat.rateBasisPoints)}, declared through the One-Stop Shop (electronically supplied service taxed where the customer lives, Art. 58 of Directive 2006/112/EC).`;
    case 'DOMESTIC':
      return `VAT of ${country} at ${formatRate(vat.rateBasisPoints)}.`;
    case 'REVERSE_CHARGE':
      return 'Reverse charge: the customer accounts for the VAT, Art. 196 of Directive 2006/112/EC.';
    case 'OUTSIDE_EU':
      return `Not subject to EU VAT: the customer lives outside the European Union (${country}).`;
    case 'NOT_REGISTERED':
      return 'VAT not charged: the seller is not registered for VAT.';
  }
}

export type TaxDocumentSource = {
  document:
    | { kind: 'INVOICE'; issued: InvoiceIssued['data'] }
    | { kind: 'CREDIT_NOTE'; issued: CreditNoteIssued['data'] };
  order: OrderPlaced['data'];
  payment: PaymentReceived['data'] | null;
};

/**
 * The document of an invoice or credit note. Amounts are the ones the order recorded: gross =
 * price + tip, VAT = the item's recorded VAT (0 when absent: an order placed before VAT), net =
 * gross − VAT. Nothing is recomputed, so the document always agrees with the fees, statements and
 * returns built from the same events.
 */
export function buildTaxDocument(source: TaxDocumentSource): TaxDocument {
  const { order, payment } = source;
  const vat = order.vat;
  const sign = source.document.kind === 'CREDIT_NOTE' ? -1 : 1;
  const rate = vat?.rateBasisPoints ?? 0;
  const lines = order.items.map((item): TaxDocumentLine => {
    const gross = item.priceCents + item.tipCents;
    const vatCents = item.vatCents ?? 0;
    return {
      description: item.name,
      itemType: item.itemType,
      netCents: sign * (gross - vatCents),
      rateBasisPoints: vatCents > 0 ? rate : 0,
      vatCents: sign * vatCents,
      grossCents: sign * gross,
      listPriceCents: item.listPriceCents ?? null,
    };
  });
  const country = vat ? vat.country : order.buyer.country;
  const issued = source.document.issued;
  return {
    kind: source.document.kind,
    number: issued.number,
    invoiceNumber: source.document.kind === 'CREDIT_NOTE' ? source.document.issued.invoiceNumber : null,
    issuedAt: issued.issuedAt,
    paidAt: payment?.receivedAt ?? null,
    orderExternalId: issued.orderExternalId,
    seller: issued.seller,
    buyer: {
      name: order.buyer.fullName,
      email: order.buyer.email,
      country,
      countryName: countryNameOf(country),
      vatId: vat?.buyerVatId ?? null,
    },
    lines,
    totals: {
      netCents: sumCents(lines.map((line) => line.netCents)),
      vatCents: sumCents(lines.map((line) => line.vatCents)),
      grossCents: sumCents(lines.map((line) => line.grossCents)),
    },
    treatment: vat?.treatment ?? null,
    rateBasisPoints: rate,
    rateSetVersion: vat?.rateSetVersion ?? null,
    vatNote: vatNoteOf(vat),
    evidence: vat
      ? {
          billingCountry: vat.evidence.billingCountry,
          ipCountry: vat.evidence.ipCountry,
          cardCountry: payment?.cardCountry ?? null,
          rule: vat.evidence.rule,
        }
      : null,
  };
}

export const taxDocumentTitles: Record<TaxDocumentKind, string> = {
  INVOICE: 'Invoice',
  CREDIT_NOTE: 'Credit note',
};

/** The label of `paidOn`: the day of supply; a credit note names it as the supply it corrects. */
export const supplyDateLabels: Record<TaxDocumentKind, string> = {
  INVOICE: 'Date of supply (paid)',
  CREDIT_NOTE: 'Date of the original supply (paid)',
};

const evidenceRules: Record<LocationEvidence['rule'], string> = {
  BILLING_AND_IP_AGREE: 'the billing country and the IP address agree',
  BUYER_CONFIRMED: 'the buyer confirmed the country',
};

/** "01. 03. 2026" as the site writes dates (the UTC day, the one the series counts in). */
export function formatDocumentDate(iso: string): string {
  const time = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(time.getUTCDate())}. ${two(time.getUTCMonth() + 1)}. ${time.getUTCFullYear()}`;
}

/** The evidence of the buyer's country as a line of text, or null before VAT. */
export function evidenceText(evidence: TaxDocumentEvidence | null): string | null {
  if (!evidence) return null;
  const named = (code: string | null) => (code ? (countryNameOf(code) ?? code.toUpperCase()) : 'unknown');
  const parts = [
    `billing address: ${named(evidence.billingCountry)}`,
    `IP address: ${named(evidence.ipCountry)}`,
    ...(evidence.cardCountry ? [`card issued in: ${named(evidence.cardCountry)}`] : []),
  ];
  return `${parts.join('; ')} (settled because ${evidenceRules[evidence.rule]}).`;
}

/** The document with every amount and date as people read them (Czech formatting). */
export type FormattedTaxDocument = TaxDocument & {
  title: string;
  issuedOn: string;
  paidOn: string | null;
  formatted: {
    lines: { net: string; rate: string; vat: string; gross: string; listPrice: string | null }[];
    totals: { net: string; vat: string; gross: string };
    rate: string;
    evidence: string | null;
  };
};

export function formatTaxDocument(document: TaxDocument): FormattedTaxDocument {
  return {
    ...document,
    title: taxDocumentTitles[document.kind],
    issuedOn: formatDocumentDate(document.issuedAt),
    paidOn: document.paidAt ? formatDocumentDate(document.paidAt) : null,
    formatted: {
      lines: document.lines.map((line) => ({
        net: formatMoney(line.netCents),
        rate: formatRate(line.rateBasisPoints),
        vat: formatMoney(line.vatCents),
        gross: formatMoney(line.grossCents),
        listPrice: line.listPriceCents === null ? null : formatMoney(line.listPriceCents),
      })),
      totals: {
        net: formatMoney(document.totals.netCents),
        vat: formatMoney(document.totals.vatCents),
        gross: formatMoney(document.totals.grossCents),
      },
      rate: formatRate(document.rateBasisPoints),
      evidence: evidenceText(document.evidence),
    },
  };
}
