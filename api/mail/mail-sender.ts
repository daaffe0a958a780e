import { sql } from 'slonik';
import { z } from 'zod';
import { DOWNLOAD_GRANT_DAYS } from '../../infra/auth/download-grants';
import { OutboxWorker } from '../../infra/db/outbox-worker';
import type { Queryable } from '../../infra/db/pool';
import type { MailMessage } from '../../infra/mail/mailer';
import type { AppContext } from '../app-context';
import { orderConfirmationMail } from '../orders/order-confirmation.mail';
import {
  MAIL_DELIVERIES_CHANNEL,
  mailDeliveryColumns,
  mailDeliveryRow,
  payloadSchemas,
  type MailDeliveryRow,
} from './mail-deliveries';
import {
  itemRestoredMail,
  itemTakenDownMail,
  payoutSentMail,
  webhookPausedMail,
} from './author-notice-mail-templates';
import { notificationDigestMail } from './notification-digest.mail';
import { appealDecidedMail, reportNoticeMail, statementOfReasonsMail } from './statement-mail-templates';
import { orderConfirmationPath } from '../../domain/orders/checkout-result-pages';
import { authorSaleMail, orderRefundMail, withdrawalConsentMail } from './order-mail-templates';
import { giftReceivedMail } from '../gifts/gift-received.mail';

export type MailSenderOptions = {
  /** Attempts before a delivery is given up (FAILED, shown to admins, retried only by an admin). */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles with each further failure... */
  retryBaseMs: number;
  /** ...up to this. */
  retryMaxMs: number;
  /** Look for due deliveries this often even without a notification. */
  pollMs: number;
  /** Connection string for LISTEN; without it the sender only polls (and `wake()`s). */
  listenUrl?: string;
};

type SenderContext = Pick<
  AppContext,
  | 'pool'
  | 'mailer'
  | 'log'
  | 'config'
  | 'downloadGrants'
  | 'giftClaimTokens'
  | 'appealLinkTokens'
  | 'unsubscribeTokens'
  | 'orderConfirmationKeys'
  | 'now'
>;

const ERROR_LENGTH = 1000;

/** The wait before the next attempt after `attempts` failures: base·2^(attempts−1), at most the cap. */
export function retryDelayMs(
  attempts: number,
  options: Pick<MailSenderOptions, 'retryBaseMs' | 'retryMaxMs'>,
) {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the mail outbox (`mail_deliveries`) outside the transactions that recorded it. Each
 * delivery is claimed with `for update skip locked` (so senders in several processes never take
 * the same one), rendered, sent, and marked sent in that transaction; a failure records the error
 * and the time of the next attempt, with exponential backoff, until `maxAttempts`. Woken by NOTIFY
 * when deliveries commit, by a timer at the next retry, and by polling.
 *
 * At least once: a crash after the SMTP server took a mail but before the commit sends it again.
 */
export class MailSender {
  private readonly worker: OutboxWorker;

  constructor(
    private readonly context: SenderContext,
    private readonly options: MailSenderOptions,
  ) {
    this.worker = new OutboxWorker({
      name: 'mail sender',
      channel: MAIL_DELIVERIES_CHANNEL,
      pollMs: options.pollMs,
      listenUrl: options.listenUrl,
      log: context.log,
      sendDue: async () => ((await this.sendNext()) ? 1 : 0),
      nextDueInMs: () =>
        this.context.pool.maybeOneFirst(sql.type(z.object({ ms: z.number().nullable() }))`
          select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms
          from mail_deliveries where status = 'PENDING'`),
    });
  }

  start = () => this.worker.start();
  stop = () => this.worker.stop();
  /** Asks for a pass; passes never overlap, a wake during one asks for another. */
  wake = () => this.worker.wake();
  /** Sends every delivery due now (waiting for a pass under way first); returns how many it tried. */
  drain = () => this.worker.drain();

  /** Claims, sends and settles one due delivery; false when none is due. */
  private async sendNext(): Promise<boolean> {
    return this.context.pool.transaction(async (tx) => {
      const delivery = await tx.maybeOne(sql.type(mailDeliveryRow)`
        select ${mailDeliveryColumns} from mail_deliveries
        where status = 'PENDING' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit 1
        for update skip locked`);
      if (!delivery) return false;
      // Nothing reaches a deleted account, not even a mail recorded after the deletion (a refund's).
      if (delivery.recipient_user_id !== null && (await isDeletedAccount(tx, delivery.recipient_user_id))) {
        await tx.query(sql.unsafe`
          update mail_deliveries set status = 'FAILED', last_error = 'Not sent: the account was deleted.'
          where id = ${delivery.id}`);
        return true;
      }
      const log = this.context.log.child({
        deliveryId: delivery.id,
        kind: delivery.kind,
        orderId: delivery.order_id,
      });
      try {
        const message = await this.render(tx, delivery);
        await this.context.mailer.send(message);
      } catch (error) {
        const attempts = delivery.attempts + 1;
        const givenUp = attempts >= this.options.maxAttempts;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);
        const delayMs = retryDelayMs(attempts, this.options);
        await tx.query(sql.unsafe`
          update mail_deliveries
          set attempts = ${attempts}, last_error = ${reason}, last_attempt_at = now(),
              status = ${givenUp ? 'FAILED' : 'PENDING'},
              next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
          where id = ${delivery.id}`);
        if (givenUp)
          log.error({ err: error, attempts }, 'mail delivery failed; given up until an admin retries');
        else log.warn({ err: error, attempts, retryInMs: delayMs }, 'mail delivery failed; will retry');
        return true;
      }
      await tx.query(sql.unsafe`
        update mail_deliveries
        set status = 'SENT', attempts = attempts + 1, sent_at = now(), last_attempt_at = now()
        where id = ${delivery.id}`);
      return true;
    });
  }

  private async render(db: Queryable, delivery: MailDeliveryRow): Promise<MailMessage> {
    const siteUrl = this.context.config.publicUrl;
    const to = delivery.recipient_email;
    switch (delivery.kind) {
      case 'ORDER_CONFIRMATION':
        return this.renderConfirmation(db, to, payloadSchemas.ORDER_CONFIRMATION.parse(delivery.payload));
      case 'ORDER_REFUND': {
        const payload = payloadSchemas.ORDER_REFUND.parse(delivery.payload);
        // With the order's key, so a guest opens it too (the page of a refunded order shows no downloads).
        const key = this.context.orderConfirmationKeys.sign(payload.orderId);
        const creditNoteUrl = `${siteUrl}/orders/${encodeURIComponent(payload.externalId)}/credit-note?k=${encodeURIComponent(key)}`;
        return orderRefundMail({ to, siteUrl, payload, creditNoteUrl });
      }
      case 'AUTHOR_SALE':
        return authorSaleMail({ to, siteUrl, payload: payloadSchemas.AUTHOR_SALE.parse(delivery.payload) });
      case 'NOTIFICATION_DIGEST': {
        // The unsubscribe link is signed now, so a digest sent late still gives its full lifetime.
        const payload = payloadSchemas.NOTIFICATION_DIGEST.parse(delivery.payload);
        const unsubscribeToken = this.context.unsubscribeTokens.sign(payload.userId, 'digest');
        return notificationDigestMail({ to, siteUrl, payload, unsubscribeToken });
      }
      case 'ITEM_TAKEN_DOWN':
        return itemTakenDownMail({
          to,
          siteUrl,
          payload: payloadSchemas.ITEM_TAKEN_DOWN.parse(delivery.payload),
        });
      case 'ITEM_RESTORED':
        return itemRestoredMail({
          to,
          siteUrl,
          payload: payloadSchemas.ITEM_RESTORED.parse(delivery.payload),
        });
      case 'PAYOUT_SENT':
        return payoutSentMail({ to, siteUrl, payload: payloadSchemas.PAYOUT_SENT.parse(delivery.payload) });
      case 'WEBHOOK_ENDPOINT_PAUSED':
        return webhookPausedMail({
          to,
          siteUrl,
          payload: payloadSchemas.WEBHOOK_ENDPOINT_PAUSED.parse(delivery.payload),
        });
      case 'GIFT_RECEIVED': {
        // The claim token is signed now, naming the link's row, which says whether it still works.
        const payload = payloadSchemas.GIFT_RECEIVED.parse(delivery.payload);
        const token = this.context.giftClaimTokens.sign({ orderId: payload.orderId, linkId: payload.linkId });
        const claimUrl = `${siteUrl}/gifts/claim?t=${encodeURIComponent(token)}`;
        return giftReceivedMail({ to, payload, claimUrl });
      }
      case 'WITHDRAWAL_CONSENT': {
        const payload = payloadSchemas.WITHDRAWAL_CONSENT.parse(delivery.payload);
        return withdrawalConsentMail({ to, siteUrl, payload, orderUrl: this.orderUrl(payload) });
      }
      case 'STATEMENT_OF_REASONS': {
        // The appeal link is signed now, for this statement, until its appeal window ends.
        const payload = payloadSchemas.STATEMENT_OF_REASONS.parse(delivery.payload);
        const token = payload.appealByLink
          ? this.context.appealLinkTokens.sign(payload.statementId, new Date(payload.appealUntil))
          : null;
        return statementOfReasonsMail({
          to,
          siteUrl,
          contact: this.context.config.mail.contact,
          payload,
          appealUrl: token ? `${siteUrl}/appeal?t=${encodeURIComponent(token)}` : null,
        });
      }
      case 'APPEAL_DECIDED':
        return appealDecidedMail({
          to,
          siteUrl,
          payload: payloadSchemas.APPEAL_DECIDED.parse(delivery.payload),
        });
      case 'REPORT_RECEIVED':
      case 'REPORT_RESOLVED':
        return reportNoticeMail({
          to,
          siteUrl,
          payload: payloadSchemas[delivery.kind].parse(delivery.payload),
        });
    }
  }

  /**
   * The confirmation with download links signed now, so a mail sent late (after retries) still
   * gives the full 30 days. A buyer whose account is still anonymous is a guest and gets signed
   * links; a registered buyer gets links that work while signed in.
   */
  private async renderConfirmation(
    db: Queryable,
    to: string,
    payload: z.infer<typeof payloadSchemas.ORDER_CONFIRMATION>,
  ): Promise<MailMessage> {
    const skinIds = [
      ...new Set(payload.items.flatMap((i) => (i.itemType === 'SKIN' ? [i.itemId] : i.skinIds))),
    ];
    // One after the other: both run on the transaction's one connection.
    const skins = await db.any(sql.type(z.object({ id: z.number(), url: z.string(), title: z.string() }))`
      select id, url::text as url, title from skins
      where id = any(${sql.array(skinIds, 'int8')}) and deleted_at is null`);
    const anonymous =
      payload.buyerUserId === null
        ? true
        : await db.maybeOneFirst(sql.type(z.object({ anonymous: z.boolean() }))`
            select anonymous from users where id = ${payload.buyerUserId}`);
    const guest = anonymous !== false;
    const signedAt = this.context.now();
    return orderConfirmationMail({
      order: {
        external_id: payload.externalId,
        buyer_email: to,
        buyer_name: payload.buyerName,
        total_cents: payload.totalCents,
      },
      items: payload.items.map((item) => ({
        item_type: item.itemType,
        item_id: item.itemId,
        name: item.name,
        price_cents: item.priceCents,
        tip_cents: item.tipCents,
        skin_ids: item.skinIds,
      })),
      skins: new Map(skins.map((skin) => [skin.id, skin])),
      siteUrl: this.context.config.publicUrl,
      gift: payload.gift ?? null,
      grantFor: guest
        ? (skinId) => this.context.downloadGrants.sign({ orderId: payload.orderId, skinId })
        : null,
      linksExpireAt: guest ? new Date(signedAt.getTime() + DOWNLOAD_GRANT_DAYS * 24 * 60 * 60 * 1000) : null,
      // A guest opens the invoice with the order's key (the confirmation page's), the buyer signed in.
      invoiceUrl: `${this.context.config.publicUrl}/orders/${encodeURIComponent(payload.externalId)}/invoice${
        guest ? `?k=${encodeURIComponent(this.context.orderConfirmationKeys.sign(payload.orderId))}` : ''
      }`,
      withdrawal: payload.withdrawal ? { ...payload.withdrawal, orderUrl: this.orderUrl(payload) } : null,
    });
  }

  /** The order's confirmation page with a key signed now (it opens the page without an account). */
  private orderUrl(order: { orderId: string; externalId: string }): string {
    const key = this.context.orderConfirmationKeys.sign(order.orderId);
    return `${this.context.config.publicUrl}${orderConfirmationPath(order.externalId, key)}`;
  }
}

async function isDeletedAccount(db: Queryable, userId: number): Promise<boolean> {
  const deleted = await db.maybeOneFirst(sql.type(z.object({ deleted: z.boolean() }))`
    select deleted_at is not null as deleted from users where id = ${userId}`);
  return deleted === true;
}
