import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './mail-sender';
import { authorSaleMail, orderRefundMail } from './order-mail-templates';

/** Intl puts no-break spaces in "1 234,50 €"; the expectations read plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the sale mail to an author', () => {
  const mail = authorSaleMail({
    to: 'ana@example.com',
    siteUrl: 'https://skins.example',
    payload: {
      orderId: '42',
      externalId: 'TS-2026-000042',
      authorName: 'Ana <i>Author</i>',
      paidAt: '2026-05-01T10:00:00.000Z',
      items: [
        { itemType: 'SKIN', name: 'Desert & Fox', priceCents: 500, tipCents: 0, authorShareCents: 406 },
        { itemType: 'BUNDLE', name: 'Neon Pack', priceCents: 999, tipCents: 200, authorShareCents: 1001 },
      ],
      shareCents: 1407,
    },
  });

  it('lists each item with its recorded share and the order total of the shares', () => {
    expect(mail).toMatchObject({
      to: 'ana@example.com',
      subject: 'TrackSkins: you sold in order TS-2026-000042',
    });
    expect(plain(mail.text)).toContain('Skin: Desert & Fox, 5,00 €, your share 4,06 €');
    expect(plain(mail.text)).toContain('Bundle: Neon Pack, 9,99 € + tip 2,00 €, your share 10,01 €');
    expect(plain(mail.text)).toContain('Your share of this order: 14,07 €');
    expect(plain(mail.html)).toContain('14,07 €');
    expect(plain(mail.html)).toContain('Neon Pack <span style="color:#9aa3b2">· Bundle + tip 2,00 €</span>');
    expect(mail.text).not.toMatch(/EUR|\d\.\d\d/);
  });

  it('has a plain-text and an HTML part', () => {
    expect(mail.text.length).toBeGreaterThan(50);
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('escapes names in the HTML', () => {
    expect(mail.html).toContain('Ana &lt;i&gt;Author&lt;/i&gt;');
    expect(mail.html).toContain('Desert &amp; Fox');
    expect(mail.html).not.toContain('<i>Author');
  });
});

describe('the refund mail', () => {
  it('names the order, the day and the refunded amount', () => {
    const mail = orderRefundMail({
      to: 'pat@example.com',
      siteUrl: 'https://skins.example',
      payload: {
        orderId: '7',
        externalId: 'TS-2026-000007',
        buyerName: 'Pat',
        amountCents: 1299,
        refundedAt: '2026-05-03T08:00:00.000Z',
      },
      creditNoteUrl: 'https://skins.example/orders/TS-2026-000007/credit-note?k=9.key',
    });
    expect(mail.subject).toBe('Your TrackSkins order TS-2026-000007 was refunded');
    expect(mail.text).toContain(
      'The credit note that cancels your invoice: https://skins.example/orders/TS-2026-000007/credit-note?k=9.key',
    );
    expect(mail.html).toContain('<a href="https://skins.example/orders/TS-2026-000007/credit-note?k=9.key"');
    expect(plain(mail.text)).toContain('refunded on 03. 05. 2026: 12,99 € go back');
    expect(plain(mail.html)).toContain('<strong>12,99 €</strong>');
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('formats thousands like the site', () => {
    const mail = orderRefundMail({
      to: 'pat@example.com',
      siteUrl: 'https://skins.example',
      payload: {
        orderId: '8',
        externalId: 'TS-2026-000008',
        buyerName: 'Pat',
        amountCents: 123450,
        refundedAt: '2026-05-03T08:00:00.000Z',
      },
      creditNoteUrl: 'https://skins.example/orders/TS-2026-000008/credit-note?k=9.key',
    });
    expect(plain(mail.text)).toContain('1 234,50 €');
  });
});

describe('the retry backoff', () => {
  it('doubles from the base after each failure and stops at the cap', () => {
    const options = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 8, 20].map((attempts) => retryDelayMs(attempts, options))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});
