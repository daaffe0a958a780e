import type { MailMessage } from '../../infra/mail/mailer';
import { escapeHtml } from '../../domain/text/escape-html';

const SITE = 'TrackSkins';

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#101216;font-family:Arial,sans-serif;color:#e8eaef">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<div style="font-size:22px;font-weight:bold;letter-spacing:2px;color:#22d3ee">${SITE.toUpperCase()}</div>
<h1 style="font-size:20px;margin:24px 0 12px">${escapeHtml(title)}</h1>${body}
<p style="margin-top:32px;font-size:12px;color:#9aa3b2">You receive this mail because of an action on your ${SITE} account.</p>
</div></body></html>`;
}

export function welcomeMail(to: string, username: string, siteUrl: string): MailMessage {
  return {
    to,
    subject: `Welcome to ${SITE}, ${username}!`,
    text: [
      `Hi ${username},`,
      '',
      `welcome to ${SITE}! Browse, rate and download skins, or publish your own: ${siteUrl}/skins`,
      `To sell your skins, add your payout details in Profile Settings: ${siteUrl}/me/settings`,
      '',
      `See you on the track,`,
      `the ${SITE} team`,
    ].join('\n'),
    html: layout(
      `Welcome, ${username}!`,
      `<p>Browse, rate and download skins, or publish your own.</p>
<p><a href="${siteUrl}/skins" style="color:#22d3ee">Explore skins</a> · <a href="${siteUrl}/me/settings" style="color:#22d3ee">Profile settings</a></p>`,
    ),
  };
}

/**
 * The link that proves the mailbox. It says nothing about purchases made with the address: the
 * person who registered may not be the one who bought.
 */
export function emailVerificationMail(
  to: string,
  username: string,
  verifyUrl: string,
  lifetimeHours: number,
): MailMessage {
  return {
    to,
    subject: `Verify your email for ${SITE}`,
    text: [
      `Hi ${username},`,
      '',
      `please confirm that this address is yours by opening this link:`,
      verifyUrl,
      '',
      `Skins bought with this address without an account join your collection once it is confirmed.`,
      `The link works once, within ${lifetimeHours} hours. If you did not register on ${SITE}, ignore this mail.`,
    ].join('\n'),
    html: layout(
      'Verify your email',
      `<p>Hi ${escapeHtml(username)}, please confirm that this address is yours.</p>
<p><a href="${escapeHtml(verifyUrl)}" style="display:inline-block;background:#22d3ee;color:#101216;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Verify my email</a></p>
<p>Skins bought with this address without an account join your collection once it is confirmed.</p>
<p style="font-size:13px;color:#9aa3b2">The link works once, within ${lifetimeHours} hours. If you did not register on ${SITE}, ignore this mail.<br>${escapeHtml(verifyUrl)}</p>`,
    ),
  };
}

export function passwordResetMail(to: string, username: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: `Reset your ${SITE} password`,
    text: [
      `Hi ${username},`,
      '',
      'someone (hopefully you) asked to reset the password of your account. Set a new one here:',
      resetUrl,
      '',
      'The link works once, within one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: layout(
      'Reset your password',
      `<p>Hi ${escapeHtml(username)}, someone (hopefully you) asked to reset the password of your account.</p>
<p><a href="${escapeHtml(resetUrl)}" style="display:inline-block;background:#22d3ee;color:#101216;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Set a new password</a></p>
<p style="font-size:13px;color:#9aa3b2">The link works once, within one hour. If you did not ask for it, ignore this mail.<br>${escapeHtml(resetUrl)}</p>`,
    ),
  };
}
