import { describe, expect, it } from 'vitest';
import { orderConfirmationMail } from './order-confirmation.mail';

/** Intl puts no-break spaces in "1 234,50 €"; the expectations read plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const order = {
  external_id: 'TS-2026-000042',
  buyer_email: 'pat@example.com',
  buyer_name: 'Pat <b>Player</b>',
  total_cents: 1749,
};
const items = [
  {
    order_id: 42,
    position: 0,
    item_type: 'SKIN' as const,
    item_id: 7,
    name: 'Desert Fox',
    author_id: 1,
    price_cents: 500,
    tip_cents: 0,
    skin_ids: [],
  },
  {
    order_id: 42,
    position: 1,
    item_type: 'BUNDLE' as const,
    item_id: 3,
    name: 'Neon & Pack',
    author_id: 1,
    price_cents: 999,
    tip_cents: 250,
    skin_ids: [8, 9],
  },
];
const skins = new Map([
  [7, { id: 7, url: 'desert-fox', title: 'Desert Fox' }],
  [8, { id: 8, url: 'neon-one', title: 'Neon One' }],
  [9, { id: 9, url: 'neon-two', title: 'Neon Two' }],
]);

describe('the order confirmation mail', () => {
  it("gives a guest a signed link for every skin, the bundle's too, and says how long they work", () => {
    const mail = orderConfirmationMail({
      order,
      items,
      skins,
      siteUrl: 'https://skins.example',
      grantFor: (skinId) => `g${skinId}`,
      linksExpireAt: new Date('2026-06-01T00:00:00Z'),
      invoiceUrl: 'https://skins.example/orders/TS-2026-000042/invoice?k=9.key',
    });
    expect(mail).toMatchObject({ to: 'pat@example.com', subject: 'Your TrackSkins order TS-2026-000042' });
    // Amounts read as on the site (cs-CZ, EUR); a tip is named beside the price it came with.
    expect(plain(mail.text)).toContain('total 17,49 €');
    expect(plain(mail.text)).toContain('Skin: Desert Fox (5,00 €)');
    expect(plain(mail.text)).toContain('Bundle: Neon & Pack (9,99 € + 2,50 € tip)');
    expect(plain(mail.html)).toContain(
      '12,49 €<div style="font-size:12px;color:#9aa3b2">incl. 2,50 € tip</div>',
    );
    expect(plain(mail.html)).toContain('17,49 €');
    expect(mail.text).not.toMatch(/EUR|\d\.\d\d/);
    for (const [id, url] of [
      [7, 'desert-fox'],
      [8, 'neon-one'],
      [9, 'neon-two'],
    ]) {
      expect(mail.text).toContain(`https://skins.example/assets/skin/${url}?grant=g${id}`);
      expect(mail.html).toContain(`https://skins.example/assets/skin/${url}?grant=g${id}`);
    }
    expect(mail.text).toContain('until 01. 06. 2026');
    // The invoice's page, with the order's key a guest needs.
    expect(mail.text).toContain('Your invoice: https://skins.example/orders/TS-2026-000042/invoice?k=9.key');
    expect(mail.html).toContain('<a href="https://skins.example/orders/TS-2026-000042/invoice?k=9.key"');
    // Names are escaped in the HTML.
    expect(mail.html).toContain('Pat &lt;b&gt;Player&lt;/b&gt;');
    expect(mail.html).toContain('Neon &amp; Pack');
  });

  it('gives a registered buyer the plain download addresses and the collection', () => {
    const mail = orderConfirmationMail({
      order,
      items,
      skins,
      siteUrl: 'https://skins.example',
      grantFor: null,
      linksExpireAt: null,
      invoiceUrl: 'https://skins.example/orders/TS-2026-000042/invoice',
    });
    expect(mail.text).toContain('https://skins.example/assets/skin/desert-fox\n');
    expect(mail.text).not.toContain('grant=');
    expect(mail.text).toContain('https://skins.example/me/collection');
  });
});
