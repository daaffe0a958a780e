import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { runCoAuthorCommand } from '../../api/co-authors/co-author.handler';
import { catalogueItemsToOrder } from '../../api/orders/checkout-items';
import { vatRates } from '../../api/orders/checkout-vat';
import { guestAccountFor } from '../../api/orders/guest-buyer';
import { runOrderCommand } from '../../api/orders/order-commands';
import { nextOrderId } from '../../api/orders/orders.repository';
import { configuredFeePolicy, orderNumberOf } from '../../api/orders/place-order.handler';
import { backdated } from '../../infra/event-store/backdating';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import type { EventMetadata } from '../../infra/event-store/event-store';

const DAY = 24 * 60 * 60 * 1000;
/** The demo's second author, who co-authors one of the demo author's skins. */
const CO_AUTHOR = 'mirek_apex';

const userId = (app: AppContext, username: string) =>
  app.pool.oneFirst(
    sql.type(z.object({ id: z.number() }))`select id from users where username = ${username}`,
  );

/**
 * A co-authored skin with two authors (docs/co-authors.md): the demo `author` invites mirek_apex to
 * their newest priced skin (published before then) twelve days ago, mirek accepts the next day, and the weights become
 * 3 (author) to 2 (mirek); three days ago a guest in Germany buys it, and the sale's author share is
 * split into both authors' open payouts (the allocation runs once the app's runner starts).
 */
export async function seedDemoCoAuthors(app: AppContext, now = Date.now()): Promise<void> {
  const [ownerId, coAuthorId] = await Promise.all([userId(app, 'author'), userId(app, CO_AUTHOR)]);
  const skin = await app.pool.one(sql.type(z.object({ id: z.number(), title: z.string() }))`
    select id, title from skins
    where author_id = ${ownerId} and listed and available_alone and price_cents > 0
      and created_at < ${new Date(now - 14 * DAY).toISOString()}
    order by created_at desc, id desc limit 1`);
  const item = { itemType: 'SKIN' as const, itemId: skin.id };
  const as = (actor: number, at: number) => ({
    metadata: { actor: { userId: actor }, correlationId: DEMO_SEED_CORRELATION_ID },
    occurredAt: backdated(now - at),
  });
  await runCoAuthorCommand(
    app,
    ownerId,
    item,
    { kind: 'invite', username: CO_AUTHOR, weight: 2 },
    as(ownerId, 12 * DAY),
  );
  await runCoAuthorCommand(app, coAuthorId, item, { kind: 'answer', accept: true }, as(coAuthorId, 11 * DAY));
  await runCoAuthorCommand(
    app,
    ownerId,
    item,
    {
      kind: 'setWeights',
      weights: [
        { authorId: ownerId, weight: 3 },
        { authorId: coAuthorId, weight: 2 },
      ],
    },
    as(ownerId, 11 * DAY - 2 * 60 * 60 * 1000),
  );
  await sellOnce(app, skin.id, new Date(now - 3 * DAY));
}

/** One paid card order of the skin by a guest, through the checkout's steps, recorded at `placedAt`. */
async function sellOnce(app: AppContext, skinId: number, placedAt: Date): Promise<void> {
  const form = { email: 'lena.co-authored@example.com', fullname: 'Lena Vogel', country: 'de' };
  const { userId: buyerId } = await guestAccountFor(app.pool, form);
  const items = await catalogueItemsToOrder(
    app.pool,
    { skins: [skinId], bundles: [] },
    { userId: buyerId, signedIn: false },
    placedAt,
  );
  const id = await nextOrderId(app.pool);
  const orderId = String(id);
  const metadata: EventMetadata = {
    actor: { guestEmail: form.email },
    correlationId: DEMO_SEED_CORRELATION_ID,
  };
  const { vat } = app.config;
  const placed = await runOrderCommand(
    app,
    orderId,
    {
      type: 'PlaceOrder',
      orderId,
      externalId: orderNumberOf(id, placedAt),
      buyer: {
        userId: buyerId,
        email: form.email,
        fullName: form.fullname,
        country: form.country,
        guest: true,
      },
      paymentType: 'STRIPE',
      items,
      feePolicy: configuredFeePolicy(app),
      vat: {
        seller: { registered: vat.registered, homeCountry: vat.homeCountry, vatId: vat.vatId },
        rates: vatRates(),
        ipCountry: form.country,
        countryConfirmed: false,
        vatId: null,
      },
      placedAt,
      withdrawalConsent: { given: true },
    },
    metadata,
    { occurredAt: backdated(placedAt) },
  );
  const event = placed.appended[0];
  if (event?.type !== 'OrderPlaced')
    throw new Error(`Demo order ${orderId}: PlaceOrder recorded no OrderPlaced`);
  const reference = `lc_demo_co_authored_${orderId}`;
  const openedAt = new Date(placedAt.getTime() + 20_000);
  await runOrderCommand(
    app,
    orderId,
    {
      type: 'OpenPaymentSession',
      provider: 'LOCAL',
      providerReference: reference,
      url: `/local-checkout/${reference}`,
      openedAt,
    },
    metadata,
    { occurredAt: backdated(openedAt) },
  );
  const receivedAt = new Date(placedAt.getTime() + 90_000);
  await runOrderCommand(
    app,
    orderId,
    {
      type: 'ConfirmPayment',
      provider: 'LOCAL',
      providerReference: reference,
      providerEventId: null,
      amountCents: event.data.totals.totalCents,
      cardCountry: form.country,
      receivedAt,
    },
    { actor: { system: 'local-checkout' }, correlationId: DEMO_SEED_CORRELATION_ID },
    { occurredAt: backdated(receivedAt) },
  );
}
