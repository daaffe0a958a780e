import { formatMoney } from '../../domain/money';
import { escapeHtml } from '../../domain/text/escape-html';

export const SITE = 'TrackSkins';
export const ACCENT = '#22d3ee';

/** Amounts in mails read as on the site: "34,99 €". */
export const euros = formatMoney;

/** A day in mails as on the site: "2026-05-03T08:00:00Z" → "03. 05. 2026" (the day in UTC). */
export function mailDay(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}. ${month}. ${year}`;
}

/** The dark frame every order mail shares; `body` is HTML already escaped by the caller. */
export function mailHtml(input: { heading: string; body: string; footer: string }): string {
  return `<!doctype html><html><body style="margin:0;background:#101216;font-family:Arial,sans-serif;color:#e8eaef">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<div style="font-size:22px;font-weight:bold;letter-spacing:2px;color:${ACCENT}">${SITE.toUpperCase()}</div>
<h1 style="font-size:20px;margin:24px 0 12px">${escapeHtml(input.heading)}</h1>
${input.body}
<p style="margin-top:32px;font-size:12px;color:#9aa3b2">${escapeHtml(input.footer)}</p>
</div></body></html>`;
}
