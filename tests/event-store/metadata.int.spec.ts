import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addSkin, cardCheckout, checkoutForm, orderBySession, payLocally } from '../support/shop';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const eventRow = z.object({
  event_id: z.string(),
  event_type: z.string(),
  metadata: z.object({
    actor: z.record(z.string(), z.unknown()),
    correlationId: z.string(),
    causationId: z.string(),
  }),
});

describe('event metadata from a request to a reactor', () => {
  it("records a guest by the order's email, the request as correlation and cause, and the reactor's cause", async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 700 });
    // Without the consent boxes: the order stream holds only the placement and the payment steps.
    const form = checkoutForm(
      { skins: [skin.id] },
      { deliveryNowConsent: false, withdrawalLossAcknowledged: false },
    );
    const { reference } = await cardCheckout(app, form);
    await payLocally(app, reference);
    await app.context.runner.catchUp();
    const order = await orderBySession(app, reference);

    const orderEvents = await app.context.pool.any(sql.type(eventRow)`
      select event_id, event_type, metadata from events
      where stream_id = ${`order-${order.id}`} order by stream_version`);
    const [placed, opened, paid] = orderEvents;
    expect(orderEvents.map((event) => event.event_type)).toEqual([
      'OrderPlaced',
      'PaymentSessionOpened',
      'PaymentReceived',
    ]);
    // Placed by the guest, in the checkout request: that request is the correlation and the cause.
    // The guest's address is stored sealed (docs/personal-data.md) and reads back in the clear.
    expect(JSON.stringify(placed!.metadata.actor)).not.toContain(form.email);
    const { events: read } = await app.context.store.readStream(app.context.pool, `order-${order.id}`);
    expect(read[0]!.metadata.actor).toEqual({ guestEmail: form.email });
    expect(placed!.metadata.causationId).toBe(placed!.metadata.correlationId);
    expect(opened!.metadata.correlationId).toBe(placed!.metadata.correlationId);
    // Paid on the local checkout page: another request, a system actor.
    expect(paid!.metadata.actor).toEqual({ system: 'local-checkout' });
    expect(paid!.metadata.correlationId).not.toBe(placed!.metadata.correlationId);

    // The allocation reactor's payout events: caused by the payment, in the payment's correlation.
    const payoutEvents = await app.context.pool.any(sql.type(eventRow)`
      select e.event_id, e.event_type, e.metadata from events e
      where e.stream_id like 'payout-%' and e.metadata->>'causationId' = ${paid!.event_id}
      order by e.global_position`);
    expect(payoutEvents.map((event) => event.event_type)).toEqual(['PayoutOpened', 'PayoutItemAdded']);
    for (const event of payoutEvents) {
      expect(event.metadata).toEqual({
        actor: { system: 'payout-allocation' },
        correlationId: paid!.metadata.correlationId,
        causationId: paid!.event_id,
      });
    }
  });
});
