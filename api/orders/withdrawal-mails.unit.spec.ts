import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_CONSENT_STATEMENT } from '../../domain/orders/withdrawal-consent';
import { orderConfirmationMail } from './order-confirmation.mail';

// The durable medium (Consumer Rights Directive 2011/83/EU, Art. 8(7)): the confirmation mail
// repeats the consent with its date, or says the downloads wait and where to consent or withdraw.

const orderUrl = 'https://skins.example/orders/TS-2026-000042?k=key';
const base = {
  order: {
    external_id: 'TS-2026-000042',
    buyer_email: 'pat@example.com',
    buyer_name: 'Pat',
    total_cents: 500,
  },
  items: [
    {
      item_type: 'SKIN' as const,
      item_id: 7,
      name: 'Desert Fox',
      price_cents: 500,
      tip_cents: 0,
      skin_ids: [],
    },
  ],
  skins: new Map([[7, { id: 7, url: 'desert-fox', title: 'Desert Fox' }]]),
  siteUrl: 'https://skins.example',
  grantFor: (skinId: number) => `g${skinId}`,
  linksExpireAt: new Date('2026-06-01T00:00:00Z'),
  invoiceUrl: 'https://skins.example/orders/TS-000042/invoice',
};

describe('the order confirmation mail and the consent to immediate delivery', () => {
  it('repeats the consent given at checkout with its date and text, with the download links', () => {
    const mail = orderConfirmationMail({
      ...base,
      withdrawal: {
        consent: { givenAt: '2026-05-02T09:00:00.000Z', statement: WITHDRAWAL_CONSENT_STATEMENT },
        withdrawUntil: '2026-05-16T09:01:00.000Z',
        orderUrl,
      },
    });
    expect(mail.text).toContain(
      'On 02. 05. 2026 you agreed: "I want the files now: start the delivery immediately. I acknowledge that I lose my right of withdrawal once delivery starts."',
    );
    expect(mail.text).toContain(
      'The delivery has started, so this purchase can no longer be withdrawn from.',
    );
    expect(mail.text).toContain('https://skins.example/assets/skin/desert-fox?grant=g7');
    expect(mail.html).toContain('I acknowledge that I lose my right of withdrawal once delivery starts.');
  });

  it('without the consent lists no download link and says where to consent and until when to withdraw', () => {
    const mail = orderConfirmationMail({
      ...base,
      withdrawal: { consent: null, withdrawUntil: '2026-05-16T09:01:00.000Z', orderUrl },
    });
    expect(mail.text).not.toContain('/assets/skin/');
    expect(mail.html).not.toContain('/assets/skin/');
    expect(mail.text).not.toContain('The download links work');
    expect(mail.text).toContain('Your downloads wait for your consent');
    expect(mail.text).toContain(`To get the files, consent on your order's page: ${orderUrl}`);
    expect(mail.text).toContain('you may withdraw from this purchase for a full refund, until 16. 05. 2026');
    expect(mail.html).toContain(`href="${orderUrl.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('Give your consent or withdraw');
  });

  it('says nothing of it for an order placed before checkout asked', () => {
    const mail = orderConfirmationMail({ ...base, withdrawal: null });
    expect(mail.text).not.toMatch(/consent|withdraw/);
    expect(mail.text).toContain('https://skins.example/assets/skin/desert-fox?grant=g7');
  });
});
