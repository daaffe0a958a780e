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

/**
 * The consent to immediate delivery as the mail repeats it (docs/withdrawal.md): given (with its
 * date and text), or not given, with where to give it and until when the buyer may withdraw.
 */
export type MailedWithdrawal = {
  consent: { givenAt: string; statement: string } | null;
  withdrawUntil: string;
  /** The order's confirmation page (signed for the order), where the consent or the withdrawal is given. */
  orderUrl: string;
};

/** The paragraphs about the consent and the right of withdrawal (text; the HTML escapes them). */
export function withdrawalParagraphs(withdrawal: MailedWithdrawal): string[] {
  if (withdrawal.consent) {
    return [
      `On ${mailDay(withdrawal.consent.givenAt)} you agreed: "${withdrawal.consent.statement}"`,
      'The delivery has started, so this purchase can no longer be withdrawn from.',
    ];
  }
  return [
    'Your downloads wait for your consent: you did not ask for immediate delivery at checkout.',
    `To get the files, consent on your order's page: ${withdrawal.orderUrl}`,
    `Until you consent, you may withdraw from this purchase for a full refund, until ${mailDay(withdrawal.withdrawUntil)}, on the same page.`,
  ];
}

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
  /** Absent for orders placed before checkout asked for the consent. */
  withdrawal?: MailedWithdrawal | null;
  /** The order is a gift (docs/gifts.md): no downloads for the buyer; the recipient gets a claim link. */
  gift?: { recipientEmail: string } | null;
}): MailMessage {
  const { order, siteUrl } = input;
  // Without the consent the downloads would be refused: the mail lists no links until it is given.
  const waiting = input.withdrawal ? input.withdrawal.consent === null : false;
  const gift = input.gift ?? null;
  const consentText = input.withdrawal ? withdrawalParagraphs(input.withdrawal) : [];
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
      downloads: (waiting || gift ? [] : skinIds).flatMap((id) => {
        const skin = input.skins.get(id);
        return skin ? [{ title: skin.title, href: linkOf(skin) }] : [];
      }),
    };
  });
  const validity = gift
    ? waiting
      ? `This order is a gift to ${gift.recipientEmail}. We mail them the link to claim it once you consent to immediate delivery.`
      : `This order is a gift to ${gift.recipientEmail}: we have mailed them a link to claim it. Your purchase history shows whether it was claimed.`
    : waiting
      ? ''
      : input.linksExpireAt
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
    ...(validity ? [validity, ''] : []),
    ...(consentText.length > 0 ? [...consentText, ''] : []),
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
${validity ? `<p style="font-size:14px">${escapeHtml(validity)}</p>` : ''}
${consentText.length > 0 ? `<div style="font-size:14px;margin:16px 0;padding:12px 16px;border:1px solid ${waiting ? '#f59f00' : '#2a2f3a'};border-radius:6px">${consentText.map((line) => `<p style="margin:6px 0">${escapeHtml(line)}</p>`).join('')}${waiting && input.withdrawal ? `<p style="margin:12px 0 4px"><a href="${escapeHtml(input.withdrawal.orderUrl)}" style="color:${ACCENT};font-weight:bold">Give your consent or withdraw</a></p>` : ''}</div>` : ''}
<p style="font-size:14px"><a href="${escapeHtml(input.invoiceUrl)}" style="color:${ACCENT}">Your invoice</a> (to print or save as PDF).</p>
<p style="font-size:13px;color:#9aa3b2">Skins for the 2020 edition need club access in the game: see the <a href="${siteUrl}/installation-guide" style="color:${ACCENT}">installation guide</a>. Refunds within 7 days of a purchase whose items were not downloaded: <a href="${siteUrl}/refunds" style="color:${ACCENT}">refund policy</a>.</p>
<p style="margin-top:32px;font-size:12px;color:#9aa3b2">You receive this mail because of a purchase on ${SITE} with this address.</p>
</div></body></html>`;
  return { to: order.buyer_email, subject: `Your ${SITE} order ${order.external_id}`, text, html };
}
