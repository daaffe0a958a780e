import type { z } from 'zod';
import { destinationText } from '../../domain/community/author-notice-rules';
import { escapeHtml } from '../../domain/text/escape-html';
import type { MailMessage } from '../../infra/mail/mailer';
import { WEBHOOKS_PAGE } from '../../domain/webhooks/webhook-notices';
import type { itemNoticePayload, payoutSentPayload, webhookPausedPayload } from './mail-deliveries';
import { ACCENT, euros, mailDay, mailHtml, SITE } from './mail-layout';

const FOOTER = `You receive this mail because you publish skins on ${SITE}.`;
const what = (payload: z.infer<typeof itemNoticePayload>) =>
  payload.itemType === 'SKIN' ? `your skin ${payload.name}` : `your bundle ${payload.name}`;
const link = (siteUrl: string, path: string) =>
  `<a href="${escapeHtml(siteUrl + path)}" style="color:${ACCENT}">${escapeHtml(siteUrl + path)}</a>`;

/** An admin took down one of the author's skins or bundles: why, and where to ask. */
export function itemTakenDownMail(input: {
  to: string;
  payload: z.infer<typeof itemNoticePayload>;
  siteUrl: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const reason = payload.reason?.trim() || null;
  const text = [
    `Hi ${payload.authorName},`,
    '',
    `an admin took down ${what(payload)}: it is hidden from everyone but you and the admins.`,
    ...(reason ? [`Reason: ${reason}`] : []),
    '',
    `Its page: ${siteUrl}${payload.link}`,
    'If you think this is a mistake, reply to this mail.',
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: `${payload.name} was taken down`,
    body: `<p>Hi ${escapeHtml(payload.authorName)}, an admin took down ${escapeHtml(what(payload))}: it is hidden from everyone but you and the admins.</p>
${reason ? `<p><strong>Reason:</strong> ${escapeHtml(reason)}</p>` : ''}
<p style="font-size:14px">Its page: ${link(siteUrl, payload.link)}. If you think this is a mistake, reply to this mail.</p>`,
    footer: FOOTER,
  });
  return { to: input.to, subject: `${SITE}: ${payload.name} was taken down`, text, html };
}

/** An admin restored one of the author's skins or bundles. */
export function itemRestoredMail(input: {
  to: string;
  payload: z.infer<typeof itemNoticePayload>;
  siteUrl: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const reason = payload.reason?.trim() || null;
  const text = [
    `Hi ${payload.authorName},`,
    '',
    `an admin restored ${what(payload)}: everyone can see it again.`,
    ...(reason ? [`Note: ${reason}`] : []),
    '',
    `Its page: ${siteUrl}${payload.link}`,
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: `${payload.name} is back`,
    body: `<p>Hi ${escapeHtml(payload.authorName)}, an admin restored ${escapeHtml(what(payload))}: everyone can see it again.</p>
${reason ? `<p><strong>Note:</strong> ${escapeHtml(reason)}</p>` : ''}
<p style="font-size:14px">Its page: ${link(siteUrl, payload.link)}.</p>`,
    footer: FOOTER,
  });
  return { to: input.to, subject: `${SITE}: ${payload.name} is visible again`, text, html };
}

/** One of the author's payouts was sent: the amount, where to and the transfer's reference. */
export function payoutSentMail(input: {
  to: string;
  payload: z.infer<typeof payoutSentPayload>;
  siteUrl: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const amount = euros(payload.amountCents);
  const where = destinationText(payload.method);
  const day = mailDay(payload.sentAt);
  const arrival =
    payload.method === 'PAYPAL'
      ? 'PayPal usually shows it within minutes.'
      : 'A SEPA transfer usually arrives within one to two bank days.';
  const path = `/me/payouts/${payload.payoutId}`;
  const text = [
    `Hi ${payload.authorName},`,
    '',
    `your payout ${payload.payoutId} of ${amount} was sent to ${where} on ${day} (reference ${payload.transferReference}).`,
    arrival,
    '',
    `Its statement: ${siteUrl}${path}`,
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: `Payout ${payload.payoutId} sent`,
    body: `<p>Hi ${escapeHtml(payload.authorName)}, your payout <strong>${payload.payoutId}</strong> of <strong>${escapeHtml(amount)}</strong> was sent to ${escapeHtml(where)} on ${escapeHtml(day)} (reference ${escapeHtml(payload.transferReference)}).</p>
<p style="font-size:14px">${escapeHtml(arrival)} Its statement: ${link(siteUrl, path)}.</p>`,
    footer: FOOTER,
  });
  return { to: input.to, subject: `${SITE}: payout ${payload.payoutId} of ${amount} sent`, text, html };
}

/** One of the owner's webhook endpoints was paused: which, why, and how to resume it. */
export function webhookPausedMail(input: {
  to: string;
  payload: z.infer<typeof webhookPausedPayload>;
  siteUrl: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const why = `after ${payload.consecutiveFailures} failed attempts in a row`;
  const text = [
    `Hi ${payload.username},`,
    '',
    `we paused your webhook endpoint ${payload.url} ${why}. Nothing is sent to it until you resume it;`,
    'what happens meanwhile waits and goes out once you do.',
    '',
    `See every attempt and resume it: ${siteUrl}${WEBHOOKS_PAGE}`,
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: 'Webhook endpoint paused',
    body: `<p>Hi ${escapeHtml(payload.username)}, we paused your webhook endpoint <strong>${escapeHtml(payload.url)}</strong> ${escapeHtml(why)}. Nothing is sent to it until you resume it; what happens meanwhile waits and goes out once you do.</p>
<p style="font-size:14px">See every attempt and resume it: ${link(siteUrl, WEBHOOKS_PAGE)}.</p>`,
    footer: `You receive this mail because you registered a webhook endpoint on ${SITE}.`,
  });
  return { to: input.to, subject: `${SITE}: webhook endpoint paused`, text, html };
}
