import type { z } from 'zod';
import type { MailMessage } from '../../infra/mail/mailer';
import type { digestPayload } from './mail-deliveries';
import { escapeHtml } from '../../domain/text/escape-html';
import { mailHtml, SITE } from './mail-layout';

/** Where the digest sends people for everything: the notifications page of the account. */
export const NOTIFICATIONS_PATH = '/me/notifications';
/** The one-click unsubscribe route (api/notifications/digest-unsubscribe.routes.ts). */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/** The address of a notification's site-relative link; anything else goes to the notifications page. */
function absolute(siteUrl: string, link: string): string {
  return /^\/(?!\/)/.test(link) ? `${siteUrl}${link}` : `${siteUrl}${NOTIFICATIONS_PATH}`;
}

/**
 * The digest of a user's unread notifications: each one's line and link, newest first, "and N
 * more", a link to the notifications page, and a one-click unsubscribe link with the RFC 8058
 * headers (`List-Unsubscribe` with the HTTPS address, `List-Unsubscribe-Post`), so mail clients
 * show their own unsubscribe button.
 */
export function notificationDigestMail(input: {
  to: string;
  siteUrl: string;
  payload: z.infer<typeof digestPayload>;
  /** The signed token of the unsubscribe link. */
  unsubscribeToken: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const unsubscribeUrl = `${siteUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(input.unsubscribeToken)}`;
  const settingsUrl = `${siteUrl}/me/settings`;
  const notificationsUrl = `${siteUrl}${NOTIFICATIONS_PATH}`;
  const count = payload.items.length + payload.more;
  const period = payload.frequency === 'DAILY' ? 'daily' : 'weekly';
  const since = payload.frequency === 'DAILY' ? 'since yesterday' : 'this week';
  const news = count === 1 ? '1 new notification' : `${count} new notifications`;
  const moreLine =
    payload.more > 0 ? `…and ${payload.more} more: ${notificationsUrl}` : `All of them: ${notificationsUrl}`;
  const text = [
    `Hi ${payload.username},`,
    '',
    `here is what happened on ${SITE} ${since}:`,
    '',
    ...payload.items.map((item) => `- ${item.message}\n  ${absolute(siteUrl, item.link)}`),
    '',
    moreLine,
    '',
    `You receive this ${period} digest because you chose it in your settings: ${settingsUrl}`,
    `Unsubscribe with one click: ${unsubscribeUrl}`,
    '',
    `the ${SITE} team`,
  ].join('\n');
  const rows = payload.items
    .map(
      (item) =>
        `<li style="padding:10px 0;border-top:1px solid #2a2f3a"><a href="${escapeHtml(absolute(siteUrl, item.link))}" style="color:#e8eaef;text-decoration:none">${escapeHtml(item.message)}</a></li>`,
    )
    .join('\n');
  const more =
    payload.more > 0
      ? `…and <a href="${escapeHtml(notificationsUrl)}" style="color:#22d3ee">${payload.more} more</a>.`
      : `<a href="${escapeHtml(notificationsUrl)}" style="color:#22d3ee">See all your notifications</a>.`;
  const html = mailHtml({
    heading: `Your ${period} digest: ${news}`,
    body: `<p>Hi ${escapeHtml(payload.username)}, here is what happened on ${SITE} ${since}:</p>
<ul style="list-style:none;margin:0;padding:0">${rows}</ul>
<p style="font-size:14px">${more}</p>
<p style="font-size:13px;color:#9aa3b2">You chose this ${period} digest in your <a href="${escapeHtml(settingsUrl)}" style="color:#22d3ee">settings</a>. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#22d3ee">Unsubscribe</a> with one click.</p>`,
    footer: `You receive this mail because you asked for a ${period} digest of your ${SITE} notifications.`,
  });
  return {
    to: input.to,
    subject: `${SITE}: your ${period} digest, ${news}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
