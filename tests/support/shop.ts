import { sql } from 'slonik';
import { z } from 'zod';
import { insertBundle, insertResource, insertSkin } from '../../api/catalogue/catalogue.writes';
import type { TestApp } from './test-app';

let counter = 0;

export type ShopItem = { id: number; url: string; title: string; priceCents: number };

/** A skin with a picture and a stored zip (its content names the skin), straight in the catalogue. */
export async function addSkin(
  app: TestApp,
  options: {
    authorId: number;
    priceCents: number;
    title?: string;
    availableAlone?: boolean;
    published?: boolean;
  },
): Promise<ShopItem> {
  const n = ++counter;
  const title = options.title ?? `Shop Skin ${n} ${Date.now() % 100_000}`;
  const skin = await insertSkin(app.context.pool, {
    authorId: options.authorId,
    title,
    description: 'A skin for the shop tests',
    game: 'TM2020',
    priceCents: options.priceCents,
    ...(options.availableAlone === undefined ? {} : { availableAlone: options.availableAlone }),
    ...(options.published === undefined ? {} : { published: options.published }),
  });
  await insertResource(app.context.pool, {
    skinId: skin.id,
    type: 'IMAGE',
    filename: `shop-${n}.jpg`,
    position: 0,
  });
  const zip = `shop-${n}-source.zip`;
  await app.context.storage.put('private', zip, Buffer.from(`PK zip of ${skin.url}`));
  await insertResource(app.context.pool, {
    skinId: skin.id,
    type: 'SKIN_SOURCE',
    filename: zip,
    position: 0,
  });
  return { ...skin, title, priceCents: options.priceCents };
}

export async function addBundle(
  app: TestApp,
  options: { authorId: number; priceCents: number; skinIds: number[]; title?: string },
): Promise<ShopItem> {
  const title = options.title ?? `Shop Bundle ${++counter} ${Date.now() % 100_000}`;
  const bundle = await insertBundle(app.context.pool, {
    authorId: options.authorId,
    title,
    description: 'A bundle for the shop tests',
    game: 'TM2020',
    priceCents: options.priceCents,
    skinIds: options.skinIds,
  });
  return { ...bundle, title, priceCents: options.priceCents };
}

/** The checkout form a buyer fills in, with the cart's ids. */
export function checkoutForm(
  cart: { skins?: readonly (number | string)[]; bundles?: readonly (number | string)[] },
  overrides: Record<string, unknown> = {},
) {
  return {
    email: `buyer.${++counter}.${Date.now() % 100_000}@example.com`,
    fullname: 'Pat Player',
    country: 'cz',
    skins: cart.skins ?? [],
    bundles: cart.bundles ?? [],
    termsAccepted: true,
    reminderAccepted: true,
    // Most buyers want the files now: both consent boxes ticked (pass them false to leave them unticked).
    deliveryNowConsent: true,
    withdrawalLossAcknowledged: true,
    // Injected requests come from a loopback address, which tells no country: the buyer confirms
    // their billing country (docs/vat.md, the location evidence rule).
    countryConfirmed: true,
    ...overrides,
  };
}

export async function postJson(app: TestApp, url: string, payload: unknown, token?: string) {
  return app.server.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Card checkout through the local stand-in: returns the order's local page path and its reference. */
export async function cardCheckout(app: TestApp, form: Record<string, unknown>, token?: string) {
  const response = await postJson(app, '/api/stripe/checkout', form, token);
  if (response.statusCode !== 200)
    throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  const reference = /^\/local-checkout\/(lc_[a-f0-9]{32})$/.exec(response.body)?.[1];
  if (!reference) throw new Error(`unexpected checkout answer ${response.body}`);
  return { path: response.body, reference };
}

export async function payLocally(app: TestApp, reference: string, action: 'pay' | 'cancel' = 'pay') {
  return app.server.inject({
    method: 'POST',
    url: `/local-checkout/${reference}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

export const orderState = z.object({
  id: z.number(),
  external_id: z.string(),
  status: z.string(),
  total_cents: z.number(),
  buyer_user_id: z.number().nullable(),
  guest: z.boolean(),
});

export async function orderBySession(app: TestApp, reference: string) {
  return app.context.pool.one(sql.type(orderState)`
    select o.id, o.external_id, o.status, o.total_cents, o.buyer_user_id, o.guest
    from order_payment_sessions s join orders o on o.id = s.order_id where s.provider_reference = ${reference}`);
}

export async function orderEventTypes(app: TestApp, orderId: number): Promise<string[]> {
  const types = await app.context.pool.anyFirst(sql.type(z.object({ event_type: z.string() }))`
    select event_type from events where stream_id = ${`order-${orderId}`} order by stream_version`);
  return [...types];
}

export async function ownedSkinIdsOf(app: TestApp, userId: number): Promise<number[]> {
  const ids = await app.context.pool.anyFirst(sql.type(z.object({ skin_id: z.number() }))`
    select distinct skin_id from owned_skins where user_id = ${userId} and acquired_at is not null order by skin_id`);
  return [...ids];
}

/** Resolves after the mailer's background sends of this moment have been written. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
