import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxDocumentOf } from '../../api/invoices/tax-document-access';
import { findTaxDocument } from '../../api/invoices/tax-documents.repository';
import { applyErasureList } from '../../app/personal-data-erasures';
import { reconcileAll } from '../../app/reconcile/reconcile';
import { accountStreamId } from '../../domain/accounts/account.events';
import { ERASED_PERSONAL_DATA } from '../../domain/personal-data/personal-fields';
import { dumpDatabase, loadDatabase } from '../../infra/db/database-backup';
import type { Queryable } from '../../infra/db/pool';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createLogger } from '../../infra/logger';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { testPersonalDataVault } from '../../infra/personal-data/key-source';
import { projections } from '../../projections';
import { addSkin, cardCheckout, checkoutForm, orderBySession, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { readableCopies as readableCopiesOf } from '../support/readable-copies';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createUser } from '../support/test-users';

// The person whose account is deleted, and what identifies them.
const NAME = 'Jana Smazaná';
const STREET = 'Dlouhá 77';
const CITY = 'Kolín';
const IBAN = 'CZ6508000000192000145399';
const BIC = 'GIBACZPX';
const USERNAME = `jana_erased_${Date.now() % 100_000}`;
const EMAIL = `${USERNAME}@example.com`;
const NEEDLES = [NAME, EMAIL, STREET, CITY, IBAN, USERNAME];
/** Where tax law keeps the name on the person's invoices until the retention period ends. */
const KEPT_BY_LAW = ['tax_record_buyers.buyer_name'];

const log = createLogger({ level: 'silent' });
let app: TestApp;
let restored: TestDatabase | null = null;
let work: string;

const readableCopies = (db: Queryable) => readableCopiesOf(db, NEEDLES);

const notKeptByLaw = (found: string[]) =>
  found.filter((hit) => !KEPT_BY_LAW.some((place) => hit.startsWith(`${place}:`)));

beforeAll(async () => {
  app = await createTestApp();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'account-erasure-'));
});
afterAll(async () => {
  await restored?.drop();
  await app.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('an account deleted', () => {
  it('leaves its name, email, address and IBAN readable nowhere, in tables, events, a restored backup or a replay; reconcile stays clean and the invoices stay', async () => {
    // An author who also buys: orders, a locked bank payout, a rating, a comment.
    const victim = await createUser(app, { username: USERNAME });
    const admin = await createUser(app, { roles: ['regular', 'admin'] });
    const details = await graphql(
      app,
      `
        mutation ($dto: UpdateMyUserInput!) {
          updateMyUser(dto: $dto) {
            id
          }
        }
      `,
      {
        dto: {
          fullname: NAME,
          street: STREET,
          city: CITY,
          country: 'cz',
          payoutMethod: 'BANK_TRANSFER',
          bankAccountIban: IBAN,
          bankAccountBic: BIC,
        },
      },
      victim.token,
    );
    expect(details.body.errors).toBeUndefined();
    const other = await createUser(app);
    const othersSkin = await addSkin(app, { authorId: other.id, priceCents: 700 });
    const bought = await cardCheckout(
      app,
      checkoutForm({ skins: [othersSkin.id] }, { email: EMAIL, fullname: NAME }),
      victim.token,
    );
    await payLocally(app, bought.reference);
    const victimsOrder = await orderBySession(app, bought.reference);
    const ownSkin = await addSkin(app, { authorId: victim.id, priceCents: 9000 });
    const buyer = await createUser(app);
    const sold = await cardCheckout(app, checkoutForm({ skins: [ownSkin.id] }), buyer.token);
    await payLocally(app, sold.reference);
    await app.context.runner.catchUp();
    const payoutId = Number(
      await app.context.pool.oneFirst(sql.unsafe`select id from payouts where author_id = ${victim.id}`),
    );
    const locked = await graphql(
      app,
      `
        mutation ($id: ID!) {
          lockPayout(id: $id) {
            id
            success
          }
        }
      `,
      { id: String(payoutId) },
      admin.token,
    );
    expect(locked.body.errors).toBeUndefined();
    expect(locked.body.data?.lockPayout.success).toBe(true);
    const rated = await graphql(
      app,
      `
        mutation ($skinId: Long!) {
          rateSkin(rating: 5, skinId: $skinId) {
            usersRating
          }
        }
      `,
      { skinId: othersSkin.id },
      victim.token,
    );
    expect(rated.body.errors).toBeUndefined();
    const commented = await graphql(
      app,
      `
        mutation ($skin: ID) {
          createComment(skin: $skin, text: "Lovely stripes on this one") {
            id
          }
        }
      `,
      { skin: String(othersSkin.id) },
      victim.token,
    );
    expect(commented.body.errors).toBeUndefined();
    await app.context.runner.catchUp();

    // Before: the person is readable in plain rows, and the events hold none of it in the clear.
    const before = await readableCopies(app.context.pool);
    expect(before).toEqual(
      expect.arrayContaining([`users.bank_account_iban: ${IBAN}`, `orders.buyer_name: ${NAME}`]),
    );
    expect(before.filter((hit) => hit.startsWith('events.'))).toEqual([]);
    const payoutEvents = await app.context.store.readStream(app.context.pool, `payout-${payoutId}`);
    expect(JSON.stringify(payoutEvents.events.map((event) => event.data))).toContain(IBAN);

    // A backup taken before the deletion.
    const backup = path.join(work, 'backup');
    const dump = await dumpDatabase(app.db.url, backup);

    // The deletion, as the deletion flow records it.
    await app.context.pool.transaction((tx) =>
      app.context.store.append(tx, {
        streamId: accountStreamId(victim.id),
        streamType: 'account',
        expectedVersion: 'any',
        events: [
          {
            type: 'AccountDeleted',
            data: { userId: victim.id, deletedAt: new Date().toISOString(), by: 'SELF', adminId: null },
            metadata: { actor: { userId: victim.id }, correlationId: 'account-erasure-test' },
          },
        ],
      }),
    );
    await app.context.runner.catchUp();

    // Tables and events: nothing but the name tax law keeps on the invoice.
    const after = await readableCopies(app.context.pool);
    expect(notKeptByLaw(after)).toEqual([]);
    expect(after).toEqual([`tax_record_buyers.buyer_name: ${NAME}`]);
    const keptUntil = String(
      await app.context.pool.oneFirst(
        sql.unsafe`select kept_until::text from tax_record_buyers where order_id = ${victimsOrder.id}`,
      ),
    );
    expect(Number(keptUntil.slice(0, 4))).toBe(new Date().getUTCFullYear() + 11);
    // Read through the store: the placeholder, the money as it was.
    const { events } = await app.context.store.readStream(app.context.pool, `order-${victimsOrder.id}`);
    const placed = events[0]!.data as {
      buyer: { fullName: string; email: string };
      totals: { totalCents: number };
    };
    expect(placed.buyer).toMatchObject({ fullName: ERASED_PERSONAL_DATA, email: ERASED_PERSONAL_DATA });
    expect(placed.totals.totalCents).toBe(victimsOrder.total_cents);
    // Sessions end at once.
    const me = await graphql(app, '{ myUser { id } }', {}, victim.token);
    expect(me.body.data?.myUser ?? null).toBeNull();

    // A full replay of every read model gives the same: nothing readable.
    for (const projection of projections) {
      await rebuildProjection(
        { pool: app.context.pool, store: app.context.store, batchSize: 50 },
        projection,
      );
    }
    expect(notKeptByLaw(await readableCopies(app.context.pool))).toEqual([]);

    // Reconcile is clean, and the invoice of the person's order is there, naming them as the law keeps it.
    const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(report.differences).toBe(0);
    const invoiceNumber = String(
      await app.context.pool.oneFirst(
        sql.unsafe`select number from invoices where order_id = ${victimsOrder.id}`,
      ),
    );
    const invoice = await taxDocumentOf(
      app.context,
      (await findTaxDocument(app.context.pool, 'INVOICE', invoiceNumber))!,
    );
    expect(JSON.stringify(invoice)).toContain(NAME);

    // The backup from before, restored: its keys table still holds the person's key until the
    // erasure list kept outside the database is applied again, as `npm run restore` does.
    const erasures = path.join(work, 'secrets', 'personal-data-erasures');
    await applyErasureList(app.context.pool, testPersonalDataVault(), erasures, log);
    restored = await createTestDatabase({ maxPoolSize: 4 });
    // An empty database, as `npm run restore` wants one (the template's migrations seed a few rows).
    await restored.pool.query(sql.unsafe`drop schema public cascade`);
    await restored.pool.query(sql.unsafe`create schema public`);
    await loadDatabase(restored.url, backup, dump, log);
    const restoredStore = createEventStore({
      inlineProjections: projections.filter((p) => p.mode === 'inline'),
    });
    const beforeReapplying = await restoredStore.readStream(restored.pool, `payout-${payoutId}`);
    expect(JSON.stringify(beforeReapplying.events.map((event) => event.data))).toContain(IBAN);
    const { reapplied } = await applyErasureList(restored.pool, testPersonalDataVault(), erasures, log);
    expect(reapplied).toBeGreaterThanOrEqual(1);
    expect(notKeptByLaw(await readableCopies(restored.pool))).toEqual([]);
    const afterReapplying = await restoredStore.readStream(restored.pool, `payout-${payoutId}`);
    expect(JSON.stringify(afterReapplying.events.map((event) => event.data))).not.toContain(IBAN);
    // And a replay of the restored copy stays unreadable too.
    for (const projection of projections) {
      await rebuildProjection({ pool: restored.pool, store: restoredStore, batchSize: 50 }, projection);
    }
    expect(notKeptByLaw(await readableCopies(restored.pool))).toEqual([]);
  }, 240_000);
});
