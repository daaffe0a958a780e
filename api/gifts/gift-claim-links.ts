import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { GiftState } from '../../domain/gifts/gift.decider';
import { GIFT_CLAIM_LINK_DAYS } from '../../infra/auth/gift-claim-tokens';
import type { Queryable } from '../../infra/db/pool';
import { recordMailDeliveries } from '../mail/mail-deliveries';

const DAY_MS = 24 * 60 * 60 * 1000;

export const giftLinkRow = z.object({
  link_id: z.string(),
  order_id: z.number(),
  created_at: z.number(),
  expires_at: z.number(),
  used_at: z.number().nullable(),
  used_by: z.number().nullable(),
  reason: z.enum(['GIVEN', 'RESENT']),
});
export type GiftLinkRow = z.infer<typeof giftLinkRow>;

export async function findGiftLink(
  db: Queryable,
  orderId: number,
  linkId: string,
): Promise<GiftLinkRow | null> {
  return db.maybeOne(sql.type(giftLinkRow)`
    select link_id, order_id, created_at, expires_at, used_at, used_by, reason
    from gift_claim_links where link_id = ${linkId} and order_id = ${orderId}`);
}

/** The order's links, newest first (the resend limit reads them). */
export async function giftLinksOf(db: Queryable, orderId: number): Promise<GiftLinkRow[]> {
  return [
    ...(await db.any(sql.type(giftLinkRow)`
      select link_id, order_id, created_at, expires_at, used_at, used_by, reason
      from gift_claim_links where order_id = ${orderId} order by created_at desc, link_id`)),
  ];
}

/** What the recipient's mail says about the gift (from the order's events). */
export type GiftMailContent = {
  recipientEmail: string;
  giverName: string;
  note: string | null;
  items: { itemType: 'SKIN' | 'BUNDLE'; name: string }[];
};

/**
 * Makes a claim link for the gift and records the recipient's mail with it in the outbox, in the
 * caller's transaction (after any event append: a link row is a plain write). `eventId` keys the
 * delivery: the payment or consent event that made the mail due, or a fresh id for a resend.
 */
/** A new claim link's row for the gift (no mail); its id. */
export async function createClaimLink(
  db: Queryable,
  input: { orderId: number; reason: 'GIVEN' | 'RESENT'; now: Date },
): Promise<{ linkId: string; expiresAt: Date }> {
  const linkId = randomBytes(16).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + GIFT_CLAIM_LINK_DAYS * DAY_MS);
  await db.query(sql.unsafe`
    insert into gift_claim_links (link_id, order_id, created_at, expires_at, reason)
    values (${linkId}, ${input.orderId}, ${input.now.toISOString()}, ${expiresAt.toISOString()}, ${input.reason})`);
  return { linkId, expiresAt };
}

export async function mailNewClaimLink(
  db: Queryable,
  input: {
    state: Pick<GiftState, 'orderId'>;
    content: GiftMailContent;
    reason: 'GIVEN' | 'RESENT';
    eventId?: string;
    now: Date;
  },
): Promise<string> {
  const orderId = Number(input.state.orderId);
  const { linkId, expiresAt } = await createClaimLink(db, { orderId, reason: input.reason, now: input.now });
  await recordMailDeliveries(db, [
    {
      eventId: input.eventId ?? randomUUID(),
      kind: 'GIFT_RECEIVED',
      recipientKey: `gift:${linkId}`,
      recipientEmail: input.content.recipientEmail,
      recipientUserId: null,
      orderId,
      payload: {
        orderId: String(orderId),
        linkId,
        giverName: input.content.giverName,
        note: input.content.note,
        items: input.content.items,
        expiresAt: expiresAt.toISOString(),
      },
    },
  ]);
  return linkId;
}
