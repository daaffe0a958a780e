import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  INVOICE_NUMBERING,
  invoiceNumberingReactor,
  issueTaxDocuments,
} from '../../api/invoices/invoice-numbering.reactor';
import { orderStream } from '../../api/orders/order-commands';
import type { OrderEvent } from '../../domain/orders/order.events';
import { eventsToAppend } from '../../infra/event-store/command-handler';
import type { StoredEvent } from '../../infra/event-store/event-store';
import type { EventStore } from '../../infra/event-store/event-store';
import { createLogger } from '../../infra/logger';
import { applyNextBatch, runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { rebuildInPlace } from '../../infra/projection-engine/shadow-rebuild';
import { invoicesProjection } from '../../projections/invoices.projection';
import { waitForMail } from '../support/outbox';
import { pdfText } from '../support/pdf-text';
import {
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  payLocally,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

const YEAR = new Date().getUTCFullYear();
const number = (sequence: number) => `${YEAR}-${String(sequence).padStart(6, '0')}`;
const log = createLogger({ level: 'silent' });

const documentRow = z.object({
  number: z.string(),
  sequence: z.number(),
  order_id: z.number(),
  invoice_number: z.string().nullable(),
});

async function invoicesOf(app: TestApp) {
  return app.context.pool.any(sql.type(documentRow)`
    select number, sequence, order_id::int as order_id, null::text as invoice_number from invoices order by sequence`);
}
async function creditNotesOf(app: TestApp) {
  return app.context.pool.any(sql.type(documentRow)`
    select number, sequence, order_id::int as order_id, invoice_number from credit_notes order by sequence`);
}
async function seriesVersion(app: TestApp, streamId: string) {
  return app.context.pool.maybeOneFirst(sql.type(z.object({ version: z.number() }))`
    select version from streams where stream_id = ${streamId}`);
}

async function buy(app: TestApp, skin: ShopItem, token?: string) {
  const form = checkoutForm({ skins: [skin.id] });
  const email = form.email;
  const { reference } = await cardCheckout(app, form, token);
  const paid = await payLocally(app, reference);
  expect(paid.statusCode).toBe(303);
  const landing = new URL(String(paid.headers.location), 'http://shop.test');
  return { ...(await orderBySession(app, reference)), key: landing.searchParams.get('k'), email };
}

async function paymentsOf(app: TestApp, orderIds: readonly number[]): Promise<StoredEvent[]> {
  const streams = await app.context.store.readStreams(
    app.context.pool,
    orderIds.map((id) => `order-${id}`),
  );
  return orderIds.map((id) => streams.get(`order-${id}`)!.events.find((e) => e.type === 'PaymentReceived')!);
}

/** The store, with `append` replaced. */
function storeWith(store: EventStore, append: EventStore['append']): EventStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'append') return append;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('invoice numbering through the running app', () => {
  let app: TestApp;
  let skin: ShopItem;
  let viewers: Awaited<ReturnType<typeof createViewers>>;

  beforeAll(async () => {
    app = await createTestApp();
    viewers = await createViewers(app);
    const author = await createUser(app);
    skin = await addSkin(app, { authorId: author.id, priceCents: 350 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives 20 orders paid at once the numbers 1..20 of the year, no gap, none twice, one per order', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => buy(app, skin)));
    await app.context.runner.catchUp();
    const invoices = await invoicesOf(app);
    expect(invoices.map((row) => row.number)).toEqual(Array.from({ length: 20 }, (_, i) => number(i + 1)));
    expect(new Set(invoices.map((row) => row.order_id))).toEqual(new Set(orders.map((order) => order.id)));
    expect(await seriesVersion(app, `invoices-${YEAR}`)).toBe(20);
    // The n-th event of the series carries number n.
    const events = await app.context.pool.any(sql.type(
      z.object({ stream_version: z.number(), number: z.string() }),
    )`
      select stream_version, data->>'number' as number from events
      where stream_id = ${`invoices-${YEAR}`} order by stream_version`);
    expect(events.map((e) => e.number)).toEqual(events.map((e) => number(e.stream_version)));
  });

  it('issues nothing more when the payments are fed again (a replay from the start)', async () => {
    const before = await invoicesOf(app);
    await app.context.pool.query(sql.unsafe`
      update projection_checkpoints set last_transaction_id = '0'::xid8, last_position = 0
      where projection_name = ${INVOICE_NUMBERING}`);
    const replayed = await runUntilCaughtUp(
      { pool: app.context.pool, store: app.context.store, batchSize: 7 },
      invoiceNumberingReactor({ store: app.context.store, log, vat: app.context.config.vat }),
    );
    expect(replayed).toBeGreaterThanOrEqual(20);
    expect(await invoicesOf(app)).toEqual(before);
    expect(await seriesVersion(app, `invoices-${YEAR}`)).toBe(before.length);
  });

  it('answers a refund with a credit note of its own series that cites the invoice', async () => {
    const order = await buy(app, skin);
    await app.context.runner.catchUp();
    const invoice = (await invoicesOf(app)).find((row) => row.order_id === order.id)!;
    const { body } = await graphql(
      app,
      `
        mutation ($id: ID!) {
          refundOrder(id: $id) {
            success
          }
        }
      `,
      { id: String(order.id) },
      viewers.admin.token,
    );
    expect(body.errors).toBeUndefined();
    await app.context.runner.catchUp();
    expect(await creditNotesOf(app)).toEqual([
      { number: `CN-${number(1)}`, sequence: 1, order_id: order.id, invoice_number: invoice.number },
    ]);
    const answer = await app.server.inject({
      method: 'GET',
      url: `/api/tax-documents/CN-${number(1)}`,
      headers: { authorization: `Bearer ${viewers.admin.token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      kind: 'CREDIT_NOTE',
      title: 'Credit note',
      invoiceNumber: invoice.number,
      // The checkout's buyer lives in the operator's home country: 21 % domestic VAT in 3,50 €.
      totals: { grossCents: -350, vatCents: -61, netCents: -289 },
    });
    // The refund mail links to the credit note with the order's key (the buyer was a guest).
    await app.mailSender.drain();
    const mail = await waitForMail(app.context.mailer.outboxDir, order.email, 'was refunded');
    const key = new RegExp(`/orders/${order.external_id}/credit-note\\?k=([\\w.%-]+)`).exec(mail.text)?.[1];
    expect(key).toBeDefined();
    const documents = await app.server.inject({
      method: 'GET',
      url: `/api/orders/${order.external_id}/tax-documents?k=${key}`,
    });
    expect(documents.json()).toMatchObject({
      status: 'REFUNDED',
      invoice: invoice.number,
      creditNote: `CN-${number(1)}`,
    });
  });

  it('rebuilds the read model from the series events to the same rows', async () => {
    const rows = () =>
      app.context.pool.any(sql.unsafe`
        select 'invoice' as kind, number, order_id, seller, total_cents, vat_cents, issued_at, null as cites from invoices
        union all
        select 'credit note', number, order_id, seller, total_cents, vat_cents, issued_at, invoice_number from credit_notes
        order by 1, 2`);
    const before = await rows();
    expect(before.length).toBeGreaterThan(20);
    await rebuildInPlace(
      {
        pool: app.context.pool,
        store: app.context.store,
        batchSize: 5,
        lockCatchUp: () => Promise.resolve(),
      },
      invoicesProjection,
    );
    expect(await rows()).toEqual(before);
  });

  it('documents an order that recorded VAT with the amounts it recorded: 3,50 € in Germany, 0,56 € VAT at 19 %', async () => {
    // Orders here are still placed without VAT; this one is written as a VAT-era checkout records it.
    const orderId = '900001';
    const at = new Date().toISOString();
    const events: OrderEvent[] = [
      {
        type: 'OrderPlaced',
        data: {
          orderId,
          externalId: `TS-${YEAR}-900001`,
          buyer: {
            userId: viewers.other.id,
            email: 'anna@example.com',
            fullName: 'Anna Schmidt',
            country: 'de',
          },
          paymentType: 'STRIPE',
          items: [
            {
              itemType: 'SKIN',
              itemId: skin.id,
              name: skin.title,
              authorId: 1,
              priceCents: 350,
              tipCents: 0,
              vatCents: 56,
              siteFeeCents: 6,
              paymentFeeCents: 30,
              authorShareCents: 258,
            },
          ],
          totals: {
            totalCents: 350,
            vatCents: 56,
            siteFeeCents: 6,
            paymentFeeCents: 30,
            authorShareCents: 258,
          },
          feePolicyVersion: 'v3:test',
          vat: {
            treatment: 'OSS',
            country: 'de',
            rateBasisPoints: 1900,
            rateSetVersion: 'rates@test',
            seller: { homeCountry: 'cz', vatId: 'CZ12345679' },
            buyerVatId: null,
            vatIdCheck: null,
            evidence: { billingCountry: 'de', ipCountry: 'de', rule: 'BILLING_AND_IP_AGREE' },
          },
          placedAt: at,
        },
      },
      {
        type: 'PaymentReceived',
        data: {
          orderId,
          provider: 'LOCAL',
          providerReference: 'lc_vat_test',
          providerEventId: null,
          amountCents: 350,
          cardCountry: 'de',
          receivedAt: at,
        },
      },
    ];
    await app.context.pool.transaction((tx) =>
      app.context.store.append(tx, [
        {
          streamId: `order-${orderId}`,
          streamType: orderStream.streamType,
          expectedVersion: 'no_stream',
          events: eventsToAppend(orderStream, events, {
            metadata: { actor: { system: 'test' }, correlationId: 'vat-era-order' },
          }),
        },
      ]),
    );
    await app.context.runner.catchUp();
    const invoice = (await invoicesOf(app)).find((row) => row.order_id === Number(orderId))!;
    const answer = await app.server.inject({
      method: 'GET',
      url: `/api/tax-documents/${invoice.number}`,
      headers: { authorization: `Bearer ${viewers.other.token}` },
    });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document).toMatchObject({
      treatment: 'OSS',
      totals: { netCents: 294, vatCents: 56, grossCents: 350 },
      buyer: { name: 'Anna Schmidt', country: 'de', countryName: 'Germany', vatId: null },
      evidence: { billingCountry: 'de', ipCountry: 'de', cardCountry: 'de', rule: 'BILLING_AND_IP_AGREE' },
    });
    expect(document.formatted.totals.vat.replace(/\u00a0/g, ' ')).toBe('0,56 €');
    expect(document.vatNote.replace(/\u00a0/g, ' ')).toContain('VAT of Germany at 19 %');
    const issued = await app.context.pool.oneFirst(sql.type(z.object({ vat: z.number() }))`
      select (data->>'vatCents')::int as vat from events where event_type = 'InvoiceIssued' and data->>'orderId' = ${orderId}`);
    expect(issued).toBe(56);
  });

  describe('who may see a document', () => {
    let owned: Awaited<ReturnType<typeof buy>>;
    let guest: Awaited<ReturnType<typeof buy>>;
    let ownedNumber: string;
    let guestNumber: string;

    beforeAll(async () => {
      owned = await buy(app, skin, viewers.owner.token);
      guest = await buy(app, skin);
      await app.context.runner.catchUp();
      const invoices = await invoicesOf(app);
      ownedNumber = invoices.find((row) => row.order_id === owned.id)!.number;
      guestNumber = invoices.find((row) => row.order_id === guest.id)!.number;
    });

    const get = (url: string, token?: string) =>
      app.server.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

    it.each(['', '/pdf'])(
      'answers %s to the owner and admins, asks anonymous visitors to log in, hides it from others',
      async (suffix) => {
        const url = `/api/tax-documents/${ownedNumber}${suffix}`;
        const anonymous = await get(url);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toEqual({ field: null, message: 'Log in to see your invoices.' });
        const other = await get(url, viewers.other.token);
        expect(other.statusCode).toBe(404);
        expect(other.json()).toEqual({ field: null, message: 'There is no such document.' });
        for (const token of [viewers.owner.token, viewers.admin.token]) {
          const answer = await get(url, token);
          expect(answer.statusCode).toBe(200);
          if (suffix === '')
            expect(answer.json()).toMatchObject({ number: ownedNumber, orderExternalId: owned.external_id });
          else expect(answer.headers['content-type']).toBe('application/pdf');
        }
        // An unknown number and a malformed one look the same as a foreign one.
        expect(
          (await get(`/api/tax-documents/${number(999)}${suffix}`, viewers.owner.token)).statusCode,
        ).toBe(404);
        expect((await get(`/api/tax-documents/..%2Fetc${suffix}`, viewers.owner.token)).statusCode).toBe(404);
      },
    );

    it('opens a guest’s document with the key of its confirmation page, and no other', async () => {
      const withKey = await get(`/api/tax-documents/${guestNumber}?k=${encodeURIComponent(guest.key!)}`);
      expect(withKey.statusCode).toBe(200);
      expect(withKey.json().links.pdf).toBe(
        `/api/tax-documents/${guestNumber}/pdf?k=${encodeURIComponent(guest.key!)}`,
      );
      expect((await get(withKey.json().links.pdf)).statusCode).toBe(200);
      expect(
        (await get(`/api/tax-documents/${ownedNumber}?k=${encodeURIComponent(guest.key!)}`)).statusCode,
      ).toBe(404);
      expect((await get(`/api/tax-documents/${guestNumber}?k=1.${'A'.repeat(43)}`)).statusCode).toBe(404);
      expect((await get(`/api/tax-documents/${guestNumber}`, viewers.owner.token)).statusCode).toBe(404);
    });

    it('links the guest’s confirmation mail to the invoice, with the order’s key', async () => {
      await app.mailSender.drain();
      const mail = await waitForMail(app.context.mailer.outboxDir, guest.email, guest.external_id);
      const link = new RegExp(`/orders/${guest.external_id}/invoice\\?k=([\\w.%-]+)`).exec(mail.text);
      expect(link).not.toBeNull();
      expect(mail.html).toContain(`/orders/${guest.external_id}/invoice?k=`);
      const answer = await get(`/api/orders/${guest.external_id}/tax-documents?k=${link![1]}`);
      expect(answer.json()).toMatchObject({ invoice: guestNumber });
    });

    it('names an order’s documents to its readers only', async () => {
      const url = `/api/orders/${owned.external_id}/tax-documents`;
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, viewers.other.token)).statusCode).toBe(404);
      expect((await get(url, viewers.owner.token)).json()).toEqual({
        externalId: owned.external_id,
        status: 'PAYMENT_RECEIVED',
        invoice: ownedNumber,
        creditNote: null,
        invoicePending: false,
        creditNotePending: false,
      });
      expect((await get(url, viewers.admin.token)).json()).toMatchObject({ invoice: ownedNumber });
      const guestUrl = `/api/orders/${guest.external_id}/tax-documents?k=${encodeURIComponent(guest.key!)}`;
      expect((await get(guestUrl)).json()).toMatchObject({ invoice: guestNumber });
    });

    it('makes a real PDF that shows the number, the buyer and the amounts', async () => {
      const answer = await get(`/api/tax-documents/${ownedNumber}/pdf`, viewers.owner.token);
      expect(answer.headers['content-disposition']).toBe(`inline; filename="invoice-${ownedNumber}.pdf"`);
      const pdf = answer.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
      const text = pdfText(pdf).replace(/\u00a0/g, ' ');
      expect(text).toContain(`Invoice ${ownedNumber}`);
      expect(text).toContain(owned.external_id);
      expect(text).toContain('Pat Player');
      expect(text).toContain('3,50 €');
      // A buyer in the operator's home country: the domestic rate, named on the document.
      expect(text).toMatch(/VAT of .+ at 21\s%/);
    });
  });
});

describe('invoice numbering when a process dies or two run at once', () => {
  let app: TestApp;
  let skin: ShopItem;

  beforeAll(async () => {
    app = await createTestApp();
    // No runner: the test drives the reactor itself.
    await app.context.runner.stop();
    const author = await createUser(app);
    skin = await addSkin(app, { authorId: author.id, priceCents: 350 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes no number when the process dies between deciding and committing, and numbers on without a gap', async () => {
    const orders = await Promise.all([1, 2, 3].map(() => buy(app, skin)));
    const options = { pool: app.context.pool, batchSize: 100 };
    const vat = app.context.config.vat;
    // Dies after reading (before the append), then after the append (before the commit).
    const beforeAppend = storeWith(app.context.store, () =>
      Promise.reject(new Error('killed before appending')),
    );
    await expect(
      applyNextBatch(
        { ...options, store: app.context.store },
        invoiceNumberingReactor({ store: beforeAppend, log, vat }),
      ),
    ).rejects.toThrow('killed before appending');
    const afterAppend = storeWith(app.context.store, async (tx, requests) => {
      await app.context.store.append(tx, requests);
      throw new Error('killed before committing');
    });
    await expect(
      applyNextBatch(
        { ...options, store: app.context.store },
        invoiceNumberingReactor({ store: afterAppend, log, vat }),
      ),
    ).rejects.toThrow('killed before committing');
    expect(await invoicesOf(app)).toEqual([]);
    expect(await seriesVersion(app, `invoices-${YEAR}`)).toBeNull();
    // Meanwhile the order's page knows its invoice is on its way.
    const documentsOf = async (order: (typeof orders)[number]) =>
      (
        await app.server.inject({
          method: 'GET',
          url: `/api/orders/${order.external_id}/tax-documents?k=${encodeURIComponent(order.key!)}`,
        })
      ).json();
    expect(await documentsOf(orders[0]!)).toMatchObject({
      invoice: null,
      invoicePending: true,
      creditNotePending: false,
    });

    // The restarted process applies the same batch again.
    await runUntilCaughtUp(
      { ...options, store: app.context.store },
      invoiceNumberingReactor({ store: app.context.store, log, vat }),
    );
    const invoices = await invoicesOf(app);
    expect(invoices.map((row) => row.number)).toEqual([number(1), number(2), number(3)]);
    expect(new Set(invoices.map((row) => row.order_id))).toEqual(new Set(orders.map((order) => order.id)));
    expect(await documentsOf(orders[0]!)).toMatchObject({ invoicePending: false });
    expect((await documentsOf(orders[0]!)).invoice).toMatch(/^\d{4}-00000[123]$/);
  });

  it('lets two instances issue at once: the one that loses the series decides again, numbers stay gapless', async () => {
    const first = (await invoicesOf(app)).length;
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await buy(app, skin));
    const payments = await paymentsOf(
      app,
      orders.map((order) => order.id),
    );
    // Both have read where the series stands before either appends; they share orders 9..12.
    let arrived = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    let conflicts = 0;
    const racing = storeWith(app.context.store, async (tx, requests) => {
      if (++arrived === 2) release();
      await bothRead;
      try {
        return await app.context.store.append(tx, requests);
      } catch (error) {
        conflicts++;
        throw error;
      }
    });
    const deps = { store: racing, log, vat: app.context.config.vat };
    await Promise.all([
      app.context.pool.transaction((tx) => issueTaxDocuments(deps, tx, payments.slice(0, 12))),
      app.context.pool.transaction((tx) => issueTaxDocuments(deps, tx, payments.slice(8))),
    ]);
    expect(conflicts).toBe(1);
    const invoices = await invoicesOf(app);
    expect(invoices.map((row) => row.number)).toEqual(
      Array.from({ length: first + 20 }, (_, i) => number(i + 1)),
    );
    expect(new Set(invoices.slice(first).map((row) => row.order_id))).toEqual(
      new Set(orders.map((o) => o.id)),
    );
    expect(await seriesVersion(app, `invoices-${YEAR}`)).toBe(first + 20);
  });
});
