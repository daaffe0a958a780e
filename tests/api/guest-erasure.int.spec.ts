import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileAll } from '../../app/reconcile/reconcile';
import { ERASED_PERSONAL_DATA } from '../../domain/personal-data/personal-fields';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { projections } from '../../projections';
import { readableCopies } from '../support/readable-copies';
import { addSkin, cardCheckout, checkoutForm, orderBySession, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// A guest buyer (no account) asks for erasure; an admin erases them by their address or an
// order number (GDPR Art. 17). Their keys go as an account's do, their name and address are
// readable nowhere (tables, events, a replay), the invoices' names stay where tax law keeps them.

const NAME = 'Ota Hostovský';
const EMAIL = `ota.guest.${Date.now() % 100_000}@example.com`;
const KEPT_BY_LAW = ['tax_record_buyers.buyer_name'];

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type Body = { data?: any; errors?: { message: string; extensions: { code: string; field?: string } }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const ERASE = `mutation ($input: EraseGuestBuyerInput!) { eraseGuestBuyer(input: $input) { success orders } }`;
const LOG = `query { accountDeletions { content { userId by guestBuyer reason admin { username } } } }`;
const erase = async (input: Record<string, unknown>, token?: string): Promise<Body> =>
  (await graphql(app, ERASE, { input }, token)).body;
const codeOf = (body: Body) => body.errors?.[0]?.extensions.code;

describe('a guest buyer erased on request', () => {
  it('is for admins only, and leaves the name and address readable nowhere but the tax records; reconcile stays clean', async () => {
    const [author, admin, player] = [
      await createUser(app),
      await createUser(app, { roles: ['regular', 'admin'] }),
      await createUser(app),
    ];
    const skins = [
      await addSkin(app, { authorId: author.id, priceCents: 500 }),
      await addSkin(app, { authorId: author.id, priceCents: 800 }),
    ];
    // Two guest orders with the same address: one paid (invoiced), one left unpaid.
    const paid = await cardCheckout(
      app,
      checkoutForm({ skins: [skins[0]!.id] }, { email: EMAIL, fullname: NAME }),
    );
    await payLocally(app, paid.reference);
    const unpaid = await cardCheckout(
      app,
      checkoutForm({ skins: [skins[1]!.id] }, { email: EMAIL, fullname: NAME }),
    );
    const order = await orderBySession(app, paid.reference);
    expect(order.guest).toBe(true);
    // An account's order cannot be erased as a guest's.
    const accountOrder = await cardCheckout(app, checkoutForm({ skins: [skins[1]!.id] }), player.token);
    await payLocally(app, accountOrder.reference);
    await app.context.runner.catchUp();
    const before = await readableCopies(app.context.pool, [NAME, EMAIL]);
    expect(before).toEqual(expect.arrayContaining([`orders.buyer_name: ${NAME}`, `users.email: ${EMAIL}`]));
    expect(before.filter((hit) => hit.startsWith('events.'))).toEqual([]);

    // Who may: admins, from a browser session.
    const request = { email: EMAIL, reason: 'Mail of 3 May asking for erasure' };
    expect(codeOf(await erase(request))).toBe('UNAUTHENTICATED');
    expect(codeOf(await erase(request, player.token))).toBe('FORBIDDEN');
    // Bad requests are told apart and change nothing.
    expect(codeOf(await erase({ reason: request.reason }, admin.token))).toBe('BAD_USER_INPUT');
    expect(codeOf(await erase({ ...request, orderNumber: order.external_id }, admin.token))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await erase({ email: EMAIL, reason: 'no' }, admin.token))).toBe('BAD_USER_INPUT');
    expect(
      codeOf(await erase({ email: 'nobody.here@example.com', reason: request.reason }, admin.token)),
    ).toBe('NOT_FOUND');
    const ofAccount = await orderBySession(app, accountOrder.reference);
    expect(
      codeOf(await erase({ orderNumber: ofAccount.external_id, reason: request.reason }, admin.token)),
    ).toBe('CONFLICT');
    expect(await readableCopies(app.context.pool, [NAME, EMAIL])).toEqual(before);

    // By an order number: both guest orders of the address.
    const erased = await erase({ orderNumber: order.external_id, reason: request.reason }, admin.token);
    expect(erased.errors).toBeUndefined();
    expect(erased.data.eraseGuestBuyer).toEqual({ success: true, orders: 2 });
    expect(codeOf(await erase(request, admin.token))).toBe('NOT_FOUND');
    await app.context.runner.catchUp();

    // Tables and events: nothing but the name on the invoice, kept apart as tax law asks.
    const after = await readableCopies(app.context.pool, [NAME, EMAIL]);
    expect(after).toEqual([`tax_record_buyers.buyer_name: ${NAME}`]);
    const { events } = await app.context.store.readStream(app.context.pool, `order-${order.id}`);
    expect((events[0]!.data as { buyer: unknown }).buyer).toMatchObject({
      email: ERASED_PERSONAL_DATA,
      fullName: ERASED_PERSONAL_DATA,
    });
    const unpaidOrder = await orderBySession(app, unpaid.reference);
    expect(
      await app.context.pool.one(
        sql.unsafe`select buyer_email::text, buyer_name from orders where id = ${unpaidOrder.id}`,
      ),
    ).toEqual({ buyer_email: ERASED_PERSONAL_DATA, buyer_name: ERASED_PERSONAL_DATA });
    // The account's order is untouched; the invoice of the guest's is still there.
    expect(
      await app.context.pool.oneFirst(sql.unsafe`select buyer_name from orders where id = ${ofAccount.id}`),
    ).not.toBe(ERASED_PERSONAL_DATA);
    expect(
      await app.context.pool.oneFirst(
        sql.unsafe`select count(*)::int from invoices where order_id = ${order.id}`,
      ),
    ).toBe(1);

    // The admins' log keeps who erased whom and why.
    const log = (await graphql(app, LOG, {}, admin.token)).body.data.accountDeletions.content;
    expect(log[0]).toEqual({
      userId: String(order.buyer_user_id),
      by: 'ADMIN',
      guestBuyer: true,
      reason: request.reason,
      admin: { username: admin.username },
    });

    // A full replay gives the same, and reconcile is clean.
    for (const projection of projections) {
      await rebuildProjection(
        { pool: app.context.pool, store: app.context.store, batchSize: 50 },
        projection,
      );
    }
    expect(
      (await readableCopies(app.context.pool, [NAME, EMAIL])).filter(
        (hit) => !KEPT_BY_LAW.some((place) => hit.startsWith(`${place}:`)),
      ),
    ).toEqual([]);
    expect((await reconcileAll({ pool: app.context.pool, store: app.context.store })).differences).toBe(0);

    // The address is free again: the same person buying as a guest later is a new buyer whose
    // order names them and whose confirmation is mailed to them.
    const again = await cardCheckout(
      app,
      checkoutForm({ skins: [skins[1]!.id] }, { email: EMAIL, fullname: NAME }),
    );
    await payLocally(app, again.reference);
    const later = await orderBySession(app, again.reference);
    expect(later.buyer_user_id).not.toBe(order.buyer_user_id);
    expect(
      await app.context.pool.one(
        sql.unsafe`select buyer_email::text, buyer_name from orders where id = ${later.id}`,
      ),
    ).toEqual({ buyer_email: EMAIL, buyer_name: NAME });
    const placedAgain = await app.context.store.readStream(app.context.pool, `order-${later.id}`);
    expect((placedAgain.events[0]!.data as { buyer: unknown }).buyer).toMatchObject({
      email: EMAIL,
      fullName: NAME,
    });

    // Erased again on a new request: the later buyer's keys are their own, and go the same way.
    expect(
      (await erase({ email: EMAIL, reason: 'Second request, 9 June' }, admin.token)).data.eraseGuestBuyer,
    ).toEqual({ success: true, orders: 1 });
    await app.context.runner.catchUp();
    expect(await readableCopies(app.context.pool, [NAME, EMAIL])).toEqual([
      `tax_record_buyers.buyer_name: ${NAME}`,
    ]);
  }, 180_000);

  it('goes with an account deleted that has the same address: the guest row and its orders too', async () => {
    const admin = await createUser(app, { roles: ['regular', 'admin'] });
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 600 });
    const person = await createUser(app);
    const name = 'Vera Dvojitá';
    // Bought as a guest with the account's address (its guest row, not the account).
    const bought = await cardCheckout(
      app,
      checkoutForm({ skins: [skin.id] }, { email: person.email, fullname: name }),
    );
    await payLocally(app, bought.reference);
    const order = await orderBySession(app, bought.reference);
    expect(order.guest).toBe(true);
    expect(order.buyer_user_id).not.toBe(person.id);
    await app.context.runner.catchUp();
    expect(await readableCopies(app.context.pool, [name])).toEqual(
      expect.arrayContaining([`users.fullname: ${name}`, `orders.buyer_name: ${name}`]),
    );

    const deleted = await graphql(
      app,
      `
        mutation ($input: DeleteAccountInput!) {
          deleteAccount(input: $input) {
            success
          }
        }
      `,
      { input: { userId: String(person.id), reason: 'Asked by mail' } },
      admin.token,
    );
    expect(deleted.body.errors).toBeUndefined();
    await app.context.runner.catchUp();
    expect(await readableCopies(app.context.pool, [name, person.email])).toEqual([
      `tax_record_buyers.buyer_name: ${name}`,
    ]);
  });
});
