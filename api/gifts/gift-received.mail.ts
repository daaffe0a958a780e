import type { z } from 'zod';
import { escapeHtml } from '../../domain/text/escape-html';
import type { MailMessage } from '../../infra/mail/mailer';
import type { giftReceivedPayload } from '../mail/mail-deliveries';
import { ACCENT, mailDay, mailHtml, SITE } from '../mail/mail-layout';

/**
 * The recipient's mail: who gave what, the note, and the claim link. Claiming needs an account (any
 * account the recipient signs in with); the link works once and until the day it names.
 */
export function giftReceivedMail(input: {
  to: string;
  payload: z.infer<typeof giftReceivedPayload>;
  /** The claim page with the token signed now. */
  claimUrl: string;
}): MailMessage {
  const { payload, claimUrl } = input;
  const what = payload.items.map((item) => `${item.itemType === 'SKIN' ? 'Skin' : 'Bundle'}: ${item.name}`);
  const until = mailDay(payload.expiresAt);
  const text = [
    'Hi,',
    '',
    `${payload.giverName} has given you a gift on ${SITE}:`,
    ...what.map((line) => `  ${line}`),
    '',
    ...(payload.note ? [`${payload.giverName} wrote: "${payload.note}"`, ''] : []),
    `Claim it here (sign in or create an account on the page): ${claimUrl}`,
    '',
    `The link works once, until ${until}. The account you claim with owns the skins from then on.`,
    'If you did not expect this mail, you can ignore it: nothing happens unless the link is opened.',
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: 'You have received a gift',
    body: `<p><strong>${escapeHtml(payload.giverName)}</strong> has given you a gift on ${SITE}:</p>
<ul>${what.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${payload.note ? `<blockquote style="margin:12px 0;padding:8px 16px;border-left:3px solid ${ACCENT};color:#e8eaef">${escapeHtml(payload.note)}</blockquote>` : ''}
<p style="margin:20px 0"><a href="${escapeHtml(claimUrl)}" style="background:${ACCENT};color:#101216;padding:10px 18px;border-radius:6px;font-weight:bold;text-decoration:none">Claim your gift</a></p>
<p style="font-size:14px">The link works once, until ${escapeHtml(until)}. Sign in or create an account on the page: the account you claim with owns the skins from then on.</p>`,
    footer:
      'You receive this mail because someone bought a gift for this address. If you did not expect it, ignore it: nothing happens unless the link is opened.',
  });
  return { to: input.to, subject: `${payload.giverName} has given you a gift on ${SITE}`, text, html };
}
