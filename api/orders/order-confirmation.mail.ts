import { DOWNLOAD_GRANT_DAYS } from '../../infra/auth/download-grants';
import type { MailMessage } from '../../infra/mail/mailer';
import { escapeHtml } from '../../domain/text/escape-html';
import { ACCENT, euros, mailDay, SITE } from '../mail/mail-layout';
import type { OrderItemRow, OrderRow } from './orders.repository';

/** "5,00 €", or with a tip "5,00 € + 2,00 € tip" (the tip goes to the author). */
const tipText = (item: Pick<MailedItem, 'tipCents'>) => `incl. ${euros(item.tipCents)} tip`;
const amountText = (item: Pick<MailedItem, 'priceCents' | 'tipCents'>) =>
  item.tipCents > 0 ? `${euros(item.priceCents)} + ${euros(item.tipCents)} tip` : euros(item.priceCents);

export type MailedSkin = { id: number; url: string; title: string };

/** One line of the mail: the item, and the skins it brings with their download links. */
type MailedItem = {
  name: string;
  kind: 'Skin' | 'Bundle';
  priceCents: number;
  tipCents: number;
  downloads: { title: string; href: string }[];
};

/**
 * The confirmation of a paid order (text and HTML) with a download link for every skin it brought.
 * A guest (whose account is still anonymous) gets links signed for the order that work without an
 * account for 30 days; a registered buyer gets the skins' download addresses, which work while
 * signed in, and a link to their collection.
 */
export function orderConfirmationMail(input: {
  order: Pick<OrderRow, 'external_id' | 'buyer_email' | 'buyer_name' | 'total_cents'>;
  items: Pick<OrderItemRow, 'item_type' | 'item_id' | 'name' | 'price_cents' | 'tip_cents' | 'skin_ids'>[];
  skins: ReadonlyMap<number, MailedSkin>;
  siteUrl: string;
  /** Signs a guest's link for one skin; null for a registered buyer. */
  grantFor: ((skinId: number) => string) | null;
  linksExpireAt: Date | null;
  /**
   * The page of the order's invoice (docs/invoices.md), with the order's key for a guest. The
   * number is issued just after the payment, so the link names the order, not the number.
   */
  invoiceUrl: string;
}): MailMessage {
  const { order, siteUrl } = input;
  const linkOf = (skin: MailedSkin) => {
    const base = `${siteUrl}/assets/skin/${encodeURIComponent(skin.url)}`;
    return input.grantFor ? `${base}?grant=${input.grantFor(skin.id)}` : base;
  };
  const items: MailedItem[] = input.items.map((item) => {
    const skinIds = item.item_type === 'SKIN' ? [item.item_id] : item.skin_ids;
    return {
      name: item.name,
      kind: item.item_type === 'SKIN' ? 'Skin' : 'Bundle',
      priceCents: item.price_cents,
      tipCents: item.tip_cents,
      downloads: skinIds.flatMap((id) => {
        const skin = input.skins.get(id);
        return skin ? [{ title: skin.title, href: linkOf(skin) }] : [];
      }),
    };
  });
  const validity = input.linksExpireAt
    ? `The download links work for ${DOWNLOAD_GRANT_DAYS} days (until ${mailDay(input.linksExpireAt.toISOString())}), without an account. Keep this mail. Register with this email address and your skins stay in your collection.`
    : `Your skins are in your collection: ${siteUrl}/me/collection (the links work while you are logged in).`;

  const text = [
    `Hi ${order.buyer_name},`,
    '',
    `thank you for your purchase! Order ${order.external_id}, total ${euros(order.total_cents)}.`,
    '',
    ...items.flatMap((item) => [
      `${item.kind}: ${item.name} (${amountText(item)})`,
      ...item.downloads.map((download) => `  ${download.title}: ${download.href}`),
      '',
    ]),
    validity,
    '',
    `Your invoice: ${input.invoiceUrl}`,
    '',
    `Skins for the 2020 edition need club access in the game. How to install them: ${siteUrl}/installation-guide`,
    `Refunds within 7 days of a purchase whose items were not downloaded: ${siteUrl}/refunds`,
    '',
    `See you on the track,`,
    `the ${SITE} team`,
  ].join('\n');

  const rows = items
    .map(
      (item) => `<tr><td style="padding:12px 0;border-top:1px solid #2a2f3a">
<div style="font-weight:bold">${escapeHtml(item.name)} <span style="color:#9aa3b2;font-weight:normal">· ${item.kind}</span></div>
${item.downloads
  .map(
    (download) =>
      `<div style="margin-top:6px"><a href="${escapeHtml(download.href)}" style="color:${ACCENT}">Download ${escapeHtml(download.title)}</a></div>`,
  )
  .join('\n')}
</td><td style="padding:12px 0;border-top:1px solid #2a2f3a;text-align:right;vertical-align:top;white-space:nowrap">${euros(item.priceCents + item.tipCents)}${item.tipCents > 0 ? `<div style="font-size:12px;color:#9aa3b2">${escapeHtml(tipText(item))}</div>` : ''}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#101216;font-family:Arial,sans-serif;color:#e8eaef">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<div style="font-size:22px;font-weight:bold;letter-spacing:2px;color:${ACCENT}">${SITE.toUpperCase()}</div>
<h1 style="font-size:20px;margin:24px 0 12px">Thank you for your purchase!</h1>
<p>Hi ${escapeHtml(order.buyer_name)}, your order <strong>${escapeHtml(order.external_id)}</strong> is paid.</p>
<table style="width:100%;border-collapse:collapse;color:#e8eaef">${rows}
<tr><td style="padding:12px 0;border-top:1px solid #2a2f3a;font-weight:bold">Total</td><td style="padding:12px 0;border-top:1px solid #2a2f3a;text-align:right;font-weight:bold">${euros(order.total_cents)}</td></tr></table>
<p style="font-size:14px">${escapeHtml(validity)}</p>
<p style="font-size:14px"><a href="${escapeHtml(input.invoiceUrl)}" style="color:${ACCENT}">Your invoice</a> (to print or save as PDF).</p>
<p style="font-size:13px;color:#9aa3b2">Skins for the 2020 edition need club access in the game: see the <a href="${siteUrl}/installation-guide" style="color:${ACCENT}">installation guide</a>. Refunds within 7 days of a purchase whose items were not downloaded: <a href="${siteUrl}/refunds" style="color:${ACCENT}">refund policy</a>.</p>
<p style="margin-top:32px;font-size:12px;color:#9aa3b2">You receive this mail because of a purchase on ${SITE} with this address.</p>
</div></body></html>`;
  return { to: order.buyer_email, subject: `Your ${SITE} order ${order.external_id}`, text, html };
}
