import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_CONSENT_STATEMENT } from '../../domain/orders/withdrawal-consent';
import { withdrawalConsentMail } from './order-mail-templates';

const orderUrl = 'https://skins.example/orders/TS-2026-000042?k=key';

describe('the mail confirming a consent given after checkout', () => {
  it('states the date and the exact text, and links to the downloads', () => {
    const mail = withdrawalConsentMail({
      to: 'pat@example.com',
      siteUrl: 'https://skins.example',
      orderUrl,
      payload: {
        orderId: '42',
        externalId: 'TS-2026-000042',
        buyerName: 'Pat <b>',
        givenAt: '2026-05-03T18:30:00.000Z',
        statement: WITHDRAWAL_CONSENT_STATEMENT,
      },
    });
    expect(mail).toMatchObject({
      to: 'pat@example.com',
      subject: 'TrackSkins: your consent for order TS-2026-000042',
    });
    expect(mail.text).toContain(
      'on 03. 05. 2026 you consented to the delivery of your order TS-2026-000042. You agreed:',
    );
    expect(mail.text).toContain(`"${WITHDRAWAL_CONSENT_STATEMENT}"`);
    expect(mail.text).toContain(`Your downloads: ${orderUrl}`);
    expect(mail.html).toContain('Pat &lt;b&gt;');
    expect(mail.html).toContain(WITHDRAWAL_CONSENT_STATEMENT);
  });
});
