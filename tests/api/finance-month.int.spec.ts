import { parse } from 'csv-parse/sync';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reconcileAll } from '../../app/reconcile/reconcile';
import { creditNoteSeriesStreamId, invoiceSeriesStreamId } from '../../domain/invoices/invoice.events';
import type { InvoiceSeriesEvent } from '../../domain/invoices/invoice.events';
import type { OrderEvent, OrderVat, VatTreatment } from '../../domain/orders/order.events';
import type { PayoutEvent } from '../../domain/payouts/payout.events';
import type { AppendRequest } from '../../infra/event-store/event-store';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { financeJournalProjection } from '../../projections/finance-journal.projection';
import { runCli } from '../support/cli-command';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// October 2026 as the contract records VAT-era orders (the order events are appended as the
// checkout and the invoices will write them): a German consumer (OSS, 19 %), a French consumer
// (OSS, 20 %) refunded with a credit note, a Czech consumer (domestic, 21 %), a French business
// (reverse charge), and one payout sent. Each order adds up: total = VAT + site fee + payment fee +
// author share.
const ORDERS: {
  id: number;
  treatment: VatTreatment;
  country: string;
  rate: number;
  total: number;
  vat: number;
  site: number;
  fee: number;
  share: number;
  paidOn: string;
  refundedOn?: string;
}[] = [
  {
    id: 9001,
    treatment: 'OSS',
    country: 'de',
    rate: 1900,
    total: 350,
    vat: 56,
    site: 15,
    fee: 36,
    share: 243,
    paidOn: '2026-10-03',
  },
  {
    id: 9002,
    treatment: 'OSS',
    country: 'fr',
    rate: 2000,
    total: 1200,
    vat: 200,
    site: 20,
    fee: 50,
    share: 930,
    paidOn: '2026-10-05',
    refundedOn: '2026-10-20',
  },
  {
    id: 9003,
    treatment: 'DOMESTIC',
    country: 'cz',
    rate: 2100,
    total: 500,
    vat: 87,
    site: 8,
    fee: 38,
    share: 367,
    paidOn: '2026-10-07',
  },
  {
    id: 9004,
    treatment: 'REVERSE_CHARGE',
    country: 'fr',
    rate: 0,
    total: 1000,
    vat: 0,
    site: 20,
    fee: 45,
    share: 935,
    paidOn: '2026-10-08',
  },
];
const PAYOUT_ID = 7_000;
const PAYOUT_CENTS = 610;

let app: TestApp;
let admin: { token: string };
let player: { token: string };
let author: { id: number; token: string };

const metadata = { actor: { system: 'finance-test' }, correlationId: 'finance-test' };
const requestOf = (
  streamId: string,
  streamType: string,
  events: { type: string; data: unknown }[],
): AppendRequest => ({
  streamId,
  streamType,
  expectedVersion: 'any',
  events: events.map((event) => ({ ...event, metadata })),
});

function vatOf(order: (typeof ORDERS)[number]): OrderVat {
  return {
    treatment: order.treatment,
    country: order.country,
    rateBasisPoints: order.rate,
    rateSetVersion: 'rates@test',
    seller: { homeCountry: 'cz', vatId: 'CZ12345678' },
    buyerVatId: order.treatment === 'REVERSE_CHARGE' ? 'FR40303265045' : null,
    vatIdCheck: null,
    evidence: { billingCountry: order.country, ipCountry: order.country, rule: 'BILLING_AND_IP_AGREE' },
  };
}

async function appendEvents(requests: AppendRequest[]) {
  await app.context.pool.transaction((tx) => app.context.store.append(tx, requests));
}

/** The finance journal caught up with every finance event (the app's runner may hold it meanwhile). */
async function journalCaughtUp(entries: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    await runUntilCaughtUp(
      { pool: app.context.pool, store: app.context.store, batchSize: 100 },
      financeJournalProjection,
    );
    const count = await app.context.pool.oneFirst(
      sql.type(z.object({ n: z.number() }))`select count(*)::int as n from finance_entries`,
    );
    if (count >= entries) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The finance journal did not catch up.');
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { roles: ['regular', 'admin'] });
  player = await createUser(app);
  // An author is a regular account whose items sell (the orders' items name it).
  author = await createUser(app);
  let invoice = 0;
  for (const order of ORDERS) {
    const orderId = String(order.id);
    const externalId = `TS-2026-00${order.id}`;
    const placed: OrderEvent = {
      type: 'OrderPlaced',
      data: {
        orderId,
        externalId,
        buyer: {
          userId: null,
          guest: true,
          email: `${order.id}@example.com`,
          fullName: 'Buyer',
          country: order.country,
        },
        paymentType: 'STRIPE',
        items: [
          {
            itemType: 'SKIN',
            itemId: 1,
            name: 'Skin',
            authorId: author.id,
            priceCents: order.total,
            tipCents: 0,
            vatCents: order.vat,
            siteFeeCents: order.site,
            paymentFeeCents: order.fee,
            authorShareCents: order.share,
          },
        ],
        totals: {
          totalCents: order.total,
          vatCents: order.vat,
          siteFeeCents: order.site,
          paymentFeeCents: order.fee,
          authorShareCents: order.share,
        },
        feePolicyVersion: 'test-g3',
        vat: vatOf(order),
        placedAt: `${order.paidOn}T09:00:00.000Z`,
      },
    };
    const paid: OrderEvent = {
      type: 'PaymentReceived',
      data: {
        orderId,
        provider: 'LOCAL',
        providerReference: `ref-${order.id}`,
        providerEventId: null,
        amountCents: order.total,
        cardCountry: order.country,
        receivedAt: `${order.paidOn}T09:05:00.000Z`,
      },
    };
    invoice += 1;
    const seller = { name: 'TrackSkins', address: 'Praha', companyId: null, vatId: 'CZ12345678' };
    const invoiceNumber = `2026-${String(invoice).padStart(6, '0')}`;
    const issued: InvoiceSeriesEvent = {
      type: 'InvoiceIssued',
      data: {
        number: invoiceNumber,
        year: 2026,
        sequence: invoice,
        orderId,
        orderExternalId: externalId,
        seller,
        totalCents: order.total,
        vatCents: order.vat,
        issuedAt: `${order.paidOn}T09:05:01.000Z`,
      },
    };
    await appendEvents([
      requestOf(`order-${orderId}`, 'order', [placed, paid]),
      requestOf(invoiceSeriesStreamId(2026), 'invoice-series', [issued]),
    ]);
    if (order.refundedOn) {
      const refunded: OrderEvent = {
        type: 'OrderRefunded',
        data: {
          orderId,
          by: 1,
          reason: 'asked',
          amountCents: order.total,
          refundedAt: `${order.refundedOn}T10:00:00.000Z`,
        },
      };
      const credited: InvoiceSeriesEvent = {
        type: 'CreditNoteIssued',
        data: {
          number: 'CN-2026-000001',
          year: 2026,
          sequence: 1,
          orderId,
          orderExternalId: externalId,
          invoiceNumber,
          seller,
          totalCents: order.total,
          vatCents: order.vat,
          issuedAt: `${order.refundedOn}T10:00:01.000Z`,
        },
      };
      // The credit note first in the feed: it must still end up on the refund's entry.
      await appendEvents([
        requestOf(creditNoteSeriesStreamId(2026), 'invoice-series', [credited]),
        requestOf(`order-${orderId}`, 'order', [refunded]),
      ]);
    }
  }
  const destination = { method: 'PAYPAL' as const, name: 'An Author', paypalAccount: 'author@example.com' };
  const payout: PayoutEvent[] = [
    {
      type: 'PayoutOpened',
      data: { payoutId: PAYOUT_ID, authorId: author.id, openedAt: '2026-10-09T00:00:00.000Z' },
    },
    {
      type: 'PayoutLocked',
      data: {
        payoutId: PAYOUT_ID,
        authorId: author.id,
        amountCents: PAYOUT_CENTS,
        itemCount: 2,
        destination,
        payoutDate: null,
        lockedAt: '2026-10-24T00:00:00.000Z',
      },
    },
    {
      type: 'PayoutSent',
      data: {
        payoutId: PAYOUT_ID,
        amountCents: PAYOUT_CENTS,
        destination,
        transferReference: 'PAYPAL-B1',
        sentAt: '2026-10-25T08:00:00.000Z',
      },
    },
  ];
  await appendEvents([requestOf(`payout-${PAYOUT_ID}`, 'payout', payout)]);
  await journalCaughtUp(ORDERS.length + 2);
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, token?: string) =>
  app.server.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the finance month', () => {
  it('adds up October: sales, VAT by country and rate, refunds with their credit note, the payout, and ties out', async () => {
    const response = await get('/api/admin/finance/months/2026-10', admin.token);
    expect(response.statusCode).toBe(200);
    const month = response.json();
    expect(month.sales).toEqual({
      count: 4,
      gross: 30.5,
      vat: 3.43,
      net: 27.07,
      siteFee: 0.63,
      paymentFee: 1.69,
      authorShare: 24.75,
      invoiced: 4,
    });
    expect(month.vat).toEqual([
      expect.objectContaining({
        treatment: 'DOMESTIC',
        country: 'cz',
        rateBasisPoints: 2100,
        salesVat: 0.87,
        vat: 0.87,
      }),
      expect.objectContaining({
        treatment: 'OSS',
        country: 'de',
        rateBasisPoints: 1900,
        salesNet: 2.94,
        vat: 0.56,
      }),
      expect.objectContaining({
        treatment: 'OSS',
        country: 'fr',
        rateBasisPoints: 2000,
        salesVat: 2,
        refundedVat: 2,
        vat: 0,
      }),
      expect.objectContaining({
        treatment: 'REVERSE_CHARGE',
        country: 'fr',
        rateBasisPoints: 0,
        salesNet: 10,
        vat: 0,
      }),
    ]);
    expect(month.refunds).toMatchObject({
      count: 1,
      gross: 12,
      vat: 2,
      authorShare: 9.3,
      creditNoteNumbers: ['CN-2026-000001'],
    });
    expect(month.payouts).toMatchObject({ sentCount: 1, sent: 6.1, returnedCount: 0 });
    // 0 + 24.75 − 9.30 − 6.10 = 9.35
    expect(month.owedToAuthors).toEqual({
      opening: 0,
      shares: 24.75,
      refundAdjustments: 9.3,
      paidOut: 6.1,
      closing: 9.35,
      tiesOut: true,
    });
    expect(month.journal.balanced).toBe(true);
    expect(month.quarter).toBe('2026-Q4');
  });

  it('writes the journal a bookkeeper imports, every entry balanced, with the documents’ numbers', async () => {
    const response = await get('/api/admin/finance/months/2026-10/journal.csv', admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'date',
      'entry',
      'account',
      'account name',
      'debit EUR',
      'credit EUR',
      'document number',
      'description',
    ]);
    const byEntry = new Map<string, number>();
    for (const [, entry, , , debit, credit] of rows.slice(1)) {
      const cents = (text: string | undefined) => Math.round(Number(text || 0) * 100);
      byEntry.set(entry!, (byEntry.get(entry!) ?? 0) + cents(debit) - cents(credit));
    }
    expect(byEntry.size).toBe(6);
    for (const balance of byEntry.values()) expect(balance).toBe(0);
    expect(response.body).toContain('2026-10-03');
    expect(response.body).toContain('2300-DE');
    expect(response.body).toContain(',CN-2026-000001,Refund TS-2026-009002');
    expect(response.body).toContain(',2026-000001,Sale TS-2026-009001 (OSS DE 19 %)');
  });

  it('makes the OSS return of the quarter: only OSS sales, refunds taken off, its VAT that of the OSS invoices less credit notes', async () => {
    const response = await get('/api/admin/finance/oss/2026-Q4/return.csv', admin.token);
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toEqual([
      'member state,rate %,taxable amount EUR,VAT EUR,sales net EUR,sales VAT EUR,refunds net EUR,refunds VAT EUR',
      'DE,19,2.94,0.56,2.94,0.56,0.00,0.00',
      'FR,20,0.00,0.00,10.00,2.00,10.00,2.00',
      'total,,2.94,0.56,12.94,2.56,10.00,2.00',
    ]);
    // The OSS invoices' VAT (56 + 200) less the credit note's (200).
    const ossInvoicesVat = ORDERS.filter((o) => o.treatment === 'OSS').reduce((s, o) => s + o.vat, 0);
    const creditNotesVat = ORDERS.filter((o) => o.treatment === 'OSS' && o.refundedOn).reduce(
      (s, o) => s + o.vat,
      0,
    );
    expect(Math.round(Number(lines.at(-1)!.split(',')[3]) * 100)).toBe(ossInvoicesVat - creditNotesVat);
  });

  it('is for admins only: anonymous, a player and an author are refused, bad months answer 400', async () => {
    const urls = [
      '/api/admin/finance/months',
      '/api/admin/finance/months/2026-10',
      '/api/admin/finance/months/2026-10/summary.csv',
      '/api/admin/finance/months/2026-10/journal.csv',
      '/api/admin/finance/oss/2026-Q4/return.csv',
    ];
    for (const url of urls) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, player.token)).statusCode, url).toBe(403);
      expect((await get(url, author.token)).statusCode, url).toBe(403);
      expect((await get(url, admin.token)).statusCode, url).toBe(200);
    }
    const bad = await get('/api/admin/finance/months/2026-13', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ field: null, message: 'Give the month as YYYY-MM.' });
    expect((await get('/api/admin/finance/oss/2026-Q5/return.csv', admin.token)).statusCode).toBe(400);
    expect((await get('/api/admin/finance/months', admin.token)).json()).toEqual({ months: ['2026-10'] });
  });

  it('npm run finance writes the summary as JSON and CSV, the journal and the OSS return, and says it ties out', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'finance-cli-'));
    const { code, output } = await runCli('finance.ts', app.db.url, [
      '--month',
      '2026-10',
      '--oss',
      '2026-Q4',
      '--out',
      out,
    ]);
    expect(code, output).toBe(0);
    expect(output).toContain('closing 9.35 EUR: ties out');
    expect((await fs.readdir(out)).sort()).toEqual([
      'finance-2026-10-journal.csv',
      'finance-2026-10-summary.csv',
      'finance-2026-10-summary.json',
      'oss-return-2026-Q4.csv',
    ]);
    const json = JSON.parse(await fs.readFile(path.join(out, 'finance-2026-10-summary.json'), 'utf8'));
    expect(json.owedToAuthors).toMatchObject({ closing: 9.35, tiesOut: true });
    const csv = await fs.readFile(path.join(out, 'finance-2026-10-summary.csv'), 'utf8');
    expect(csv).toContain('owed to authors,closing,,,,,9.35');
    expect(csv).toContain('owed to authors,ties out,,,,,yes');
    const bad = await runCli('finance.ts', app.db.url, ['--month', 'October']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('Give the month as --month YYYY-MM');
  });

  it('npm run reconcile recomputes the month from the events, and reports a month that does not tie out', async () => {
    const clean = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(clean.finance.findings).toEqual([]);
    expect(clean.finance.months).toEqual(['2026-10']);
    expect(clean.finance.eventsRead).toBeGreaterThanOrEqual(12);
    // A share planted in a sale's row: the month's figures differ from the events and the owed
    // identity no longer holds against the payable account's lines.
    const client = new pg.Client({ connectionString: app.db.url });
    await client.connect();
    try {
      await client.query(
        `update finance_entries set author_share_cents = author_share_cents + 100 where order_id = 9001 and kind = 'SALE'`,
      );
      const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
      expect(report.finance.findings).toEqual([
        { month: '2026-10', what: 'sales.authorShareCents: expected 24.75 EUR, found 25.75 EUR' },
        { month: '2026-10', what: 'owedToAuthors.sharesCents: expected 24.75 EUR, found 25.75 EUR' },
        {
          month: '2026-10',
          what: 'owed to authors does not tie out: opening 0.00 EUR + shares 25.75 EUR − refund adjustments 9.30 EUR − paid out 6.10 EUR ≠ closing 9.35 EUR',
        },
      ]);
      const command = await runCli('reconcile.ts', app.db.url);
      expect(command.code).toBe(1);
      expect(command.output).toContain('FINANCE month 2026-10: owed to authors does not tie out');
    } finally {
      await client.query(
        `update finance_entries set author_share_cents = author_share_cents - 100 where order_id = 9001 and kind = 'SALE'`,
      );
      await client.end();
    }
  });
});
