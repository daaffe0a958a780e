import type { MailMessage } from '../../infra/mail/mailer';
import { escapeHtml } from '../../domain/text/escape-html';
import { ACCENT, euros, mailDay, mailHtml, SITE } from './mail-layout';
import type { refundPayload, salePayload, withdrawalConsentPayload } from './mail-deliveries';
import type { z } from 'zod';

/** The buyer's refund notice: the amount OrderRefunded recorded, and the credit note's page. */
export function orderRefundMail(input: {
  to: string;
  payload: z.infer<typeof refundPayload>;
  siteUrl: string;
  /** The page of the order's credit note (docs/invoices.md), with the order's key. */
  creditNoteUrl: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const amount = euros(payload.amountCents);
  const day = mailDay(payload.refundedAt);
  const text = [
    `Hi ${payload.buyerName},`,
    '',
    `your order ${payload.externalId} was refunded on ${day}: ${amount} go back to the card or PayPal account you paid with.`,
    'Depending on your bank or PayPal this can take a few days to show.',
    'The download links of this order no longer work, and its skins left your collection.',
    '',
    `The credit note that cancels your invoice: ${input.creditNoteUrl}`,
    '',
    `Questions? Reply to this mail or see ${siteUrl}/refunds`,
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: 'Your order was refunded',
    body: `<p>Hi ${escapeHtml(payload.buyerName)}, your order <strong>${escapeHtml(payload.externalId)}</strong> was refunded on ${escapeHtml(day)}: <strong>${escapeHtml(amount)}</strong> go back to the card or PayPal account you paid with. Depending on your bank or PayPal this can take a few days to show.</p>
<p style="font-size:14px">The download links of this order no longer work, and its skins left your collection.</p>
<p style="font-size:14px">The <a href="${escapeHtml(input.creditNoteUrl)}" style="color:${ACCENT}">credit note</a> cancels your invoice.</p>`,
    footer: `You receive this mail because of a purchase on ${SITE} with this address.`,
  });
  return { to: input.to, subject: `Your ${SITE} order ${payload.externalId} was refunded`, text, html };
}

/** The author's sale notice: their items of a paid order and their recorded shares. */
export function authorSaleMail(input: {
  to: string;
  payload: z.infer<typeof salePayload>;
  siteUrl: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const kind = (type: 'SKIN' | 'BUNDLE') => (type === 'SKIN' ? 'Skin' : 'Bundle');
  const tipOf = (cents: number) => (cents > 0 ? ` + tip ${euros(cents)}` : '');
  const text = [
    `Hi ${payload.authorName},`,
    '',
    `you sold in order ${payload.externalId}:`,
    '',
    ...payload.items.map(
      (item) =>
        `${kind(item.itemType)}: ${item.name}, ${euros(item.priceCents)}${tipOf(item.tipCents)}, your share ${euros(item.authorShareCents)}`,
    ),
    '',
    `Your share of this order: ${euros(payload.shareCents)}. It is added to your next payout: ${siteUrl}/me/payouts`,
    '',
    `the ${SITE} team`,
  ].join('\n');
  const rows = payload.items
    .map(
      (item) =>
        `<tr><td style="padding:8px 0;border-top:1px solid #2a2f3a">${escapeHtml(item.name)} <span style="color:#9aa3b2">· ${kind(item.itemType)}${escapeHtml(tipOf(item.tipCents))}</span></td><td style="padding:8px 0;border-top:1px solid #2a2f3a;text-align:right;white-space:nowrap">${euros(item.authorShareCents)}</td></tr>`,
    )
    .join('\n');
  const html = mailHtml({
    heading: 'You made a sale!',
    body: `<p>Hi ${escapeHtml(payload.authorName)}, order <strong>${escapeHtml(payload.externalId)}</strong> bought:</p>
<table style="width:100%;border-collapse:collapse;color:#e8eaef">${rows}
<tr><td style="padding:8px 0;border-top:1px solid #2a2f3a;font-weight:bold">Your share</td><td style="padding:8px 0;border-top:1px solid #2a2f3a;text-align:right;font-weight:bold">${euros(payload.shareCents)}</td></tr></table>
<p style="font-size:14px">It is added to your next <a href="${escapeHtml(siteUrl)}/me/payouts" style="color:#22d3ee">payout</a>.</p>`,
    footer: `You receive this mail because you sell skins on ${SITE}.`,
  });
  return { to: input.to, subject: `${SITE}: you sold in order ${payload.externalId}`, text, html };
}

/**
 * The confirmation, on a durable medium, of a consent given after checkout (Consumer Rights
 * Directive 2011/83/EU, Art. 8(7)): the text agreed to and its date.
 */
export function withdrawalConsentMail(input: {
  to: string;
  payload: z.infer<typeof withdrawalConsentPayload>;
  siteUrl: string;
  /** The order's confirmation page (signed for the order): the downloads are there now. */
  orderUrl: string;
}): MailMessage {
  const { payload, orderUrl } = input;
  const day = mailDay(payload.givenAt);
  const text = [
    `Hi ${payload.buyerName},`,
    '',
    `on ${day} you consented to the delivery of your order ${payload.externalId}. You agreed:`,
    `"${payload.statement}"`,
    '',
    'The delivery has started, so this purchase can no longer be withdrawn from.',
    `Your downloads: ${orderUrl}`,
    '',
    'Keep this mail as the record of your consent.',
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: 'Your downloads are ready',
    body: `<p>Hi ${escapeHtml(payload.buyerName)}, on ${escapeHtml(day)} you consented to the delivery of your order <strong>${escapeHtml(payload.externalId)}</strong>. You agreed:</p>
<blockquote style="margin:12px 0;padding:8px 16px;border-left:3px solid #22d3ee;color:#e8eaef">${escapeHtml(payload.statement)}</blockquote>
<p style="font-size:14px">The delivery has started, so this purchase can no longer be withdrawn from. <a href="${escapeHtml(orderUrl)}" style="color:#22d3ee">Your downloads</a></p>
<p style="font-size:13px;color:#9aa3b2">Keep this mail as the record of your consent.</p>`,
    footer: `You receive this mail because of a purchase on ${SITE} with this address.`,
  });
  return { to: input.to, subject: `${SITE}: your consent for order ${payload.externalId}`, text, html };
}
