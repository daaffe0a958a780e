import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, Queryable } from '../../infra/db/pool';

/*
 * The mail outbox (migration 012): what the order-mails reactor records and the mail sender
 * delivers. Payloads are zod-checked when recorded and again when sent, so a delivery never goes
 * out with a shape its template does not expect.
 */

/** Committed deliveries wake the sender through this channel (NOTIFY is sent at commit). */
export const MAIL_DELIVERIES_CHANNEL = 'mail_deliveries';

export const MAIL_DELIVERY_KINDS = [
  'ORDER_CONFIRMATION',
  'ORDER_REFUND',
  'AUTHOR_SALE',
  'NOTIFICATION_DIGEST',
  'ITEM_TAKEN_DOWN',
  'ITEM_RESTORED',
  'PAYOUT_SENT',
  'WEBHOOK_ENDPOINT_PAUSED',
  'WITHDRAWAL_CONSENT',
  'GIFT_RECEIVED',
  'STATEMENT_OF_REASONS',
  'APPEAL_DECIDED',
  'REPORT_RECEIVED',
  'REPORT_RESOLVED',
] as const;
export type MailDeliveryKind = (typeof MAIL_DELIVERY_KINDS)[number];
export const MAIL_DELIVERY_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

const cents = z.number().int();

/** The order confirmation: the items as OrderPlaced recorded them. */
export const confirmationPayload = z.object({
  orderId: z.string(),
  externalId: z.string(),
  buyerName: z.string(),
  buyerUserId: z.number().int().nullable(),
  totalCents: cents,
  items: z.array(
    z.object({
      itemType: z.enum(['SKIN', 'BUNDLE']),
      itemId: z.number().int(),
      name: z.string(),
      priceCents: cents,
      tipCents: cents,
      skinIds: z.array(z.number().int()),
    }),
  ),
  /** The order is a gift (docs/gifts.md): the buyer's mail names the recipient and lists no downloads. */
  gift: z.object({ recipientEmail: z.string() }).optional(),
  /**
   * The consent to immediate delivery as it stood when the payment was received (docs/withdrawal.md);
   * absent for orders placed before checkout asked for it (and in mails recorded before).
   */
  withdrawal: z
    .object({
      consent: z.object({ givenAt: z.string(), statement: z.string() }).nullable(),
      /** The end of the 14 days (the payment + 14 days). */
      withdrawUntil: z.string(),
    })
    .optional(),
});

/** The buyer consented after checkout: the confirmation on a durable medium (Art. 8(7)). */
export const withdrawalConsentPayload = z.object({
  orderId: z.string(),
  externalId: z.string(),
  buyerName: z.string(),
  givenAt: z.string(),
  statement: z.string(),
});

/** The refund mail: the amount OrderRefunded recorded. */
export const refundPayload = z.object({
  orderId: z.string(),
  externalId: z.string(),
  buyerName: z.string(),
  amountCents: cents,
  refundedAt: z.string(),
});

/** The sale mail to one author: their items of the order and their shares as OrderPlaced recorded them. */
export const salePayload = z.object({
  orderId: z.string(),
  externalId: z.string(),
  authorName: z.string(),
  paidAt: z.string(),
  items: z.array(
    z.object({
      itemType: z.enum(['SKIN', 'BUNDLE']),
      name: z.string(),
      priceCents: cents,
      tipCents: cents,
      authorShareCents: cents,
    }),
  ),
  /** The sum of the items' recorded shares. */
  shareCents: cents,
});

/**
 * A digest of one user's unread notifications (migration 034), as the digest job found them: the
 * newest up to 20, and how many more there were. The unsubscribe link is signed when it is sent.
 */
export const digestPayload = z.object({
  userId: z.number().int(),
  username: z.string(),
  frequency: z.enum(['DAILY', 'WEEKLY']),
  items: z.array(
    z.object({
      kind: z.string(),
      message: z.string(),
      link: z.string(),
      createdAt: z.string(),
    }),
  ),
  more: z.number().int().min(0),
  /** The position the digest moved the user's mark to. */
  upToPosition: z.number().int(),
});

/** An author's skin or bundle taken down or restored by an admin (migration 041). */
export const itemNoticePayload = z.object({
  authorName: z.string(),
  itemType: z.enum(['SKIN', 'BUNDLE']),
  name: z.string(),
  /** The item's site-relative page (its author still sees a taken-down one). */
  link: z.string(),
  /** The admin's reason; null when a restore gave none. */
  reason: z.string().nullable(),
});

/** An author's payout sent, as PayoutSent recorded it (migration 041). */
export const payoutSentPayload = z.object({
  authorName: z.string(),
  payoutId: z.number().int(),
  amountCents: cents,
  method: z.enum(['BANK_TRANSFER', 'PAYPAL']),
  transferReference: z.string(),
  sentAt: z.string(),
});

/** One of the owner's webhook endpoints paused after failing (migration 049). */
export const webhookPausedPayload = z.object({
  username: z.string(),
  endpointId: z.number().int(),
  url: z.string(),
  consecutiveFailures: z.number().int(),
  pausedAt: z.string(),
});

/**
 * A gift's recipient is told of it (docs/gifts.md): who gave it, the note, the items, and the claim
 * link, whose token is signed when the mail is sent (the payload names only the link's row).
 */
export const giftReceivedPayload = z.object({
  orderId: z.string(),
  linkId: z.string(),
  giverName: z.string(),
  note: z.string().nullable(),
  items: z.array(z.object({ itemType: z.enum(['SKIN', 'BUNDLE']), name: z.string() })),
  /** When the link stops working (its row's expiry). */
  expiresAt: z.string(),
});

/** A statement of reasons as its row recorded it (migration 057; docs/moderation.md). */
export const statementPayload = z.object({
  username: z.string(),
  statementId: z.number().int(),
  kind: z.enum(['TAKEDOWN', 'COMMENT_REMOVAL', 'ACCOUNT_BLOCK', 'PAYOUT_HOLD']),
  itemType: z.string(),
  itemLabel: z.string().nullable(),
  itemUrl: z.string().nullable(),
  facts: z.string(),
  groundRule: z.string(),
  groundText: z.string(),
  automated: z.boolean(),
  issuedAt: z.string(),
  appealUntil: z.string(),
  /** Whether the mail carries an appeal link (the person cannot sign in); absent in earlier mails. */
  appealByLink: z.boolean().default(false),
});

/** The answer to an appeal. */
export const appealDecidedPayload = z.object({
  username: z.string(),
  statementId: z.number().int(),
  kind: z.enum(['TAKEDOWN', 'COMMENT_REMOVAL', 'ACCOUNT_BLOCK', 'PAYOUT_HOLD']),
  itemType: z.string(),
  itemLabel: z.string().nullable(),
  outcome: z.enum(['UPHELD', 'REVERSED']),
  reason: z.string(),
});

/** A reporter's confirmation, and the outcome of their report. */
export const reportNoticePayload = z.object({
  username: z.string(),
  itemType: z.enum(['SKIN', 'BUNDLE', 'COMMENT']),
  link: z.string(),
  outcome: z.enum(['REMOVED', 'KEPT']).nullable(),
});

export const payloadSchemas = {
  ORDER_CONFIRMATION: confirmationPayload,
  ORDER_REFUND: refundPayload,
  AUTHOR_SALE: salePayload,
  NOTIFICATION_DIGEST: digestPayload,
  ITEM_TAKEN_DOWN: itemNoticePayload,
  ITEM_RESTORED: itemNoticePayload,
  PAYOUT_SENT: payoutSentPayload,
  WEBHOOK_ENDPOINT_PAUSED: webhookPausedPayload,
  WITHDRAWAL_CONSENT: withdrawalConsentPayload,
  GIFT_RECEIVED: giftReceivedPayload,
  STATEMENT_OF_REASONS: statementPayload,
  APPEAL_DECIDED: appealDecidedPayload,
  REPORT_RECEIVED: reportNoticePayload,
  REPORT_RESOLVED: reportNoticePayload,
} as const satisfies Record<MailDeliveryKind, z.ZodType>;

export type NewMailDelivery = {
  eventId: string;
  kind: MailDeliveryKind;
  recipientKey: string;
  recipientEmail: string;
  recipientUserId: number | null;
  /** The order the mail is about; null for mails about no order (digests). */
  orderId: number | null;
  payload: unknown;
};

export const mailDeliveryRow = z.object({
  id: z.number(),
  event_id: z.string(),
  kind: z.enum(MAIL_DELIVERY_KINDS),
  recipient_email: z.string(),
  recipient_user_id: z.number().nullable(),
  order_id: z.number().nullable(),
  payload: z.unknown(),
  status: z.enum(MAIL_DELIVERY_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  next_attempt_at: z.number(),
  last_attempt_at: z.number().nullable(),
  sent_at: z.number().nullable(),
  created_at: z.number(),
});
export type MailDeliveryRow = z.infer<typeof mailDeliveryRow>;

export const mailDeliveryColumns = sql.fragment`
  id, event_id::text as event_id, kind, recipient_email, recipient_user_id, order_id, payload, status,
  attempts, last_error, next_attempt_at, last_attempt_at, sent_at, created_at`;

/**
 * Records deliveries; those already recorded (same event, kind and recipient) are left as they are.
 * Returns how many were new. Run inside the reactor's transaction.
 */
export async function recordMailDeliveries(
  db: Queryable,
  deliveries: readonly NewMailDelivery[],
): Promise<number> {
  if (deliveries.length === 0) return 0;
  for (const delivery of deliveries) payloadSchemas[delivery.kind].parse(delivery.payload);
  const rows = JSON.stringify(
    deliveries.map((d) => ({
      event_id: d.eventId,
      kind: d.kind,
      recipient_key: d.recipientKey,
      recipient_email: d.recipientEmail,
      recipient_user_id: d.recipientUserId,
      order_id: d.orderId,
      payload: d.payload,
    })),
  );
  const inserted = await db.query(sql.unsafe`
    insert into mail_deliveries
      (event_id, kind, recipient_key, recipient_email, recipient_user_id, order_id, payload)
    select event_id, kind, recipient_key, recipient_email, recipient_user_id, order_id, payload
    from jsonb_to_recordset(${rows}::jsonb) as r(
      event_id uuid, kind text, recipient_key text, recipient_email text, recipient_user_id bigint,
      order_id bigint, payload jsonb)
    on conflict (event_id, kind, recipient_key) do nothing`);
  if (inserted.rowCount > 0) await notifyMailSender(db);
  return inserted.rowCount;
}

/** Wakes every sender listening once the surrounding transaction commits. */
export async function notifyMailSender(db: Queryable): Promise<void> {
  await db.query(sql.unsafe`select pg_notify(${MAIL_DELIVERIES_CHANNEL}, '')`);
}

/** The deliveries of some orders, oldest first (the admin's order list). */
export async function deliveriesOfOrders(
  db: Queryable,
  orderIds: readonly number[],
): Promise<MailDeliveryRow[]> {
  if (orderIds.length === 0) return [];
  return [
    ...(await db.any(sql.type(mailDeliveryRow)`
      select ${mailDeliveryColumns} from mail_deliveries
      where order_id = any(${sql.array([...orderIds], 'int8')})
      order by order_id, id`)),
  ];
}

/**
 * An admin's retry of a delivery that was given up: a fresh round of attempts from now (the last
 * error stays until one succeeds). Returns null when there is no such delivery, false when it is
 * not FAILED. The sender is woken at commit.
 */
export async function retryFailedDelivery(
  db: Pick<DatabasePool, 'transaction'>,
  deliveryId: number,
): Promise<MailDeliveryRow | null | false> {
  return db.transaction(async (tx) => {
    const current = await tx.maybeOne(sql.type(mailDeliveryRow)`
      select ${mailDeliveryColumns} from mail_deliveries where id = ${deliveryId} for update`);
    if (!current) return null;
    if (current.status !== 'FAILED') return false;
    const retried = await tx.one(sql.type(mailDeliveryRow)`
      update mail_deliveries set status = 'PENDING', attempts = 0, next_attempt_at = now()
      where id = ${deliveryId}
      returning ${mailDeliveryColumns}`);
    await notifyMailSender(tx);
    return retried;
  });
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A delivery as the admin's GraphQL shows it (the payload stays inside). */
export function mailDeliveryOf(row: MailDeliveryRow) {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient_email,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: row.status === 'PENDING' ? iso(row.next_attempt_at) : null,
    sentAt: iso(row.sent_at),
  };
}
