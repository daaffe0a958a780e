import { describe, expect, it } from 'vitest';
import { payoutSentNotification, restoreNotification, takedownNotification } from './author-notice-rules';

// Money reads as on the site ("2 061,53 €", with no-break spaces).
const plain = (text: string) => text.replace(/\s/g, ' ');
const skin = { itemType: 'SKIN' as const, itemId: 7, authorId: 42, name: 'Neon Livery', url: 'neon-livery' };
const bundle = { itemType: 'BUNDLE' as const, itemId: 9, authorId: 42, name: 'Neon Pack', url: null };

describe('author notices', () => {
  it("tells the author a skin was taken down, with the admin's reason and the page they still see", () => {
    const fact = {
      itemType: 'SKIN' as const,
      itemId: 7,
      reason: 'Copied artwork',
      upheldReporterIds: [],
      takenDownAt: '',
    };
    expect(takedownNotification(fact, skin)).toEqual({
      userId: 42,
      kind: 'TAKEN_DOWN',
      itemType: 'SKIN',
      itemId: 7,
      message: 'Neon Livery was taken down: Copied artwork',
      link: '/skins/neon-livery',
    });
    expect(takedownNotification({ ...fact, reason: '  ' }, bundle).message).toBe(
      'Bundle Neon Pack was taken down',
    );
  });

  it('tells the author an item is back', () => {
    const fact = { itemType: 'BUNDLE' as const, itemId: 9, reason: null, restoredAt: '' };
    expect(restoreNotification(fact, bundle)).toMatchObject({
      userId: 42,
      kind: 'RESTORED',
      message: 'Bundle Neon Pack is visible to everyone again',
      link: '/bundles',
    });
  });

  it('tells the author a payout was sent, how much and where to', () => {
    const bank = {
      payoutId: 15,
      amountCents: 206153,
      destination: {
        method: 'BANK_TRANSFER' as const,
        name: 'A',
        street: 'B',
        city: 'C',
        country: 'cz',
        iban: 'CZ6508000000192000145399',
        bic: 'GIBACZPX',
      },
      transferReference: 'X',
      sentAt: '',
    };
    const notice = payoutSentNotification(bank, 42);
    expect({ ...notice, message: plain(notice.message) }).toEqual({
      userId: 42,
      kind: 'PAYOUT_SENT',
      itemType: null,
      itemId: null,
      message: 'Payout 15 sent: 2 061,53 € to your bank account',
      link: '/me/payouts/15',
    });
    const paypal = {
      ...bank,
      destination: { method: 'PAYPAL' as const, name: 'A', paypalAccount: 'a@example.com' },
    };
    expect(plain(payoutSentNotification(paypal, 42).message)).toBe(
      'Payout 15 sent: 2 061,53 € to your PayPal account',
    );
  });
});
