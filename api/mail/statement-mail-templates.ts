import type { z } from 'zod';
import {
  appealOutcomeText,
  automatedText,
  decisionSubject,
  decisionVerb,
  howToAppeal,
  reportOutcomeText,
  statementLink,
} from '../../domain/moderation/statement-notices';
import { escapeHtml } from '../../domain/text/escape-html';
import type { MailMessage } from '../../infra/mail/mailer';
import type { appealDecidedPayload, reportNoticePayload, statementPayload } from './mail-deliveries';
import { ACCENT, mailDay, mailHtml, SITE } from './mail-layout';

const link = (url: string) => `<a href="${escapeHtml(url)}" style="color:${ACCENT}">${escapeHtml(url)}</a>`;
const FOOTER = `You receive this mail because a moderation decision on ${SITE} concerns you.`;

const statementUrl = (siteUrl: string, statementId: number) => `${siteUrl}${statementLink(statementId)}`;

const APPEAL_BY_LINK =
  'You can appeal once, within six months, without signing in: open the link below (it works only for this decision, until the last day) and say why the decision is wrong; an admin answers you by mail.';

function htmlStatementLine(
  appealUrl: string | null,
  payload: { kind: string; statementId: number },
  siteUrl: string,
): string {
  if (appealUrl) return `<strong>Appeal:</strong> ${link(appealUrl)}. `;
  if (payload.kind === 'ACCOUNT_BLOCK') return '';
  return `Your statement: ${link(statementUrl(siteUrl, payload.statementId))}. `;
}

/**
 * A statement of reasons (Digital Services Act 2022/2065 Art. 17(3)): what was decided and from
 * when, the facts, the rule of the terms, whether automated means were used, and how to appeal.
 */
export function statementOfReasonsMail(input: {
  to: string;
  payload: z.infer<typeof statementPayload>;
  siteUrl: string;
  contact: string;
  /** The signed appeal link of a person who cannot sign in (a blocked account), else null. */
  appealUrl: string | null;
}): MailMessage {
  const { payload, siteUrl, appealUrl } = input;
  const subject = decisionSubject(payload.kind, payload.itemType, payload.itemLabel);
  const what = `${subject} ${decisionVerb[payload.kind]} on ${mailDay(payload.issuedAt)}`;
  const rule = `Rule ${payload.groundRule} of the terms of service: ${payload.groundText}`;
  const appeal = appealUrl ? APPEAL_BY_LINK : howToAppeal(payload.kind, input.contact);
  // Without a sign-in the statements page is out of reach: the appeal link replaces it.
  const statementLine = appealUrl
    ? `Your appeal: ${appealUrl}`
    : payload.kind === 'ACCOUNT_BLOCK'
      ? null
      : `Your statement: ${statementUrl(siteUrl, payload.statementId)}`;
  const termsUrl = `${siteUrl}/terms-of-service#moderation`;
  const text = [
    `Hi ${payload.username},`,
    '',
    `this is our statement of reasons: ${what}.`,
    ...(payload.itemUrl ? [`It is about: ${siteUrl}${payload.itemUrl}`] : []),
    '',
    `Facts: ${payload.facts}`,
    `Ground: ${rule}`,
    automatedText(payload.automated),
    '',
    `How to appeal: ${appeal} The last day to appeal is ${mailDay(payload.appealUntil)}.`,
    ...(statementLine ? [statementLine] : []),
    `Moderation and appeals in the terms: ${termsUrl}`,
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: 'Statement of reasons',
    body: `<p>Hi ${escapeHtml(payload.username)}, ${escapeHtml(what)}.</p>
<p><strong>Facts:</strong> ${escapeHtml(payload.facts)}</p>
<p><strong>Ground:</strong> ${escapeHtml(rule)}</p>
<p>${escapeHtml(automatedText(payload.automated))}</p>
<p><strong>How to appeal:</strong> ${escapeHtml(appeal)} The last day to appeal is ${escapeHtml(mailDay(payload.appealUntil))}.</p>
<p style="font-size:14px">${htmlStatementLine(appealUrl, payload, siteUrl)}Moderation and appeals in the terms: ${link(termsUrl)}.</p>`,
    footer: FOOTER,
  });
  return {
    to: input.to,
    subject: `${SITE}: statement of reasons (${subject} ${decisionVerb[payload.kind].split(':')[0]})`,
    text,
    html,
  };
}

/** The answer to an appeal (Art. 20(5)). */
export function appealDecidedMail(input: {
  to: string;
  payload: z.infer<typeof appealDecidedPayload>;
  siteUrl: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const subject = decisionSubject(payload.kind, payload.itemType, payload.itemLabel);
  const outcome = appealOutcomeText[payload.outcome];
  const statementUrl = `${siteUrl}${statementLink(payload.statementId)}`;
  const text = [
    `Hi ${payload.username},`,
    '',
    `an admin answered your appeal about ${subject}: ${outcome}.`,
    `Reason: ${payload.reason}`,
    '',
    `Your statement and appeal: ${statementUrl}`,
    '',
    `the ${SITE} team`,
  ].join('\n');
  const html = mailHtml({
    heading: 'Your appeal was answered',
    body: `<p>Hi ${escapeHtml(payload.username)}, an admin answered your appeal about ${escapeHtml(subject)}: <strong>${escapeHtml(outcome)}</strong>.</p>
<p><strong>Reason:</strong> ${escapeHtml(payload.reason)}</p>
<p style="font-size:14px">Your statement and appeal: ${link(statementUrl)}.</p>`,
    footer: FOOTER,
  });
  return { to: input.to, subject: `${SITE}: your appeal was answered (${outcome})`, text, html };
}

/** A reporter's confirmation (Art. 16(4)) or the outcome of their report (Art. 16(5)). */
export function reportNoticeMail(input: {
  to: string;
  payload: z.infer<typeof reportNoticePayload>;
  siteUrl: string;
}): MailMessage {
  const { payload, siteUrl } = input;
  const noun = payload.itemType.toLowerCase();
  const body = payload.outcome
    ? `we looked at the ${noun} you reported: ${reportOutcomeText(payload.itemType, payload.outcome)}. Thank you for telling us.`
    : `we received your report of a ${noun}. An admin will look at it and we will tell you what was decided.`;
  const url = `${siteUrl}${payload.link}`;
  const text = [`Hi ${payload.username},`, '', body, '', `The page: ${url}`, '', `the ${SITE} team`].join(
    '\n',
  );
  const html = mailHtml({
    heading: payload.outcome ? 'Your report was answered' : 'We received your report',
    body: `<p>Hi ${escapeHtml(payload.username)}, ${escapeHtml(body)}</p>
<p style="font-size:14px">The page: ${link(url)}.</p>`,
    footer: `You receive this mail because you reported something on ${SITE}.`,
  });
  return {
    to: input.to,
    subject: payload.outcome ? `${SITE}: your report was answered` : `${SITE}: we received your report`,
    text,
    html,
  };
}
