import { describe, expect, it } from 'vitest';
import { giftMessages } from '../../../../../domain/gifts/gift.schemas';
import { checkoutOrder, validateCheckout } from './checkout-form';
import { paypalSdkUrl } from './paypal-sdk';

const valid = {
  email: ' buyer@example.com ',
  fullname: ' Gustav Guest ',
  country: 'cz',
  termsAccepted: true,
  reminderAccepted: true,
  deliveryNowConsent: false,
  withdrawalLossAcknowledged: false,
  vatId: '',
  countryConfirmed: false,
  isGift: false,
  giftRecipientEmail: '',
  giftNote: '',
};

describe('the checkout form', () => {
  it('sends a gift only when "This is a gift" is ticked, with a valid address that is not the buyer\'s', () => {
    expect(
      checkoutOrder({ ...valid, giftRecipientEmail: 'friend@example.com' }, { skins: [3], bundles: [] }),
    ).not.toHaveProperty('gift');
    const gift = {
      ...valid,
      isGift: true,
      giftRecipientEmail: ' friend@example.com ',
      giftNote: ' Have fun ',
    };
    expect(validateCheckout(gift)).toEqual({});
    expect(checkoutOrder(gift, { skins: [3], bundles: [] }).gift).toEqual({
      recipientEmail: 'friend@example.com',
      note: 'Have fun',
    });
    expect(checkoutOrder({ ...gift, giftNote: '  ' }, { skins: [3], bundles: [] }).gift?.note).toBeNull();
    expect(validateCheckout({ ...gift, giftRecipientEmail: 'nobody' })).toEqual({
      giftRecipientEmail: giftMessages.recipientEmail,
    });
    expect(validateCheckout({ ...gift, giftRecipientEmail: 'BUYER@example.com' })).toEqual({
      giftRecipientEmail: giftMessages.toYourself,
    });
    expect(validateCheckout({ ...gift, giftNote: 'x'.repeat(301) })).toEqual({ giftNote: giftMessages.note });
  });

  it('accepts a complete form and sends it trimmed with the cart ids', () => {
    expect(validateCheckout(valid)).toEqual({});
    expect(checkoutOrder(valid, { skins: [3, 5], bundles: [1] })).toEqual({
      email: 'buyer@example.com',
      fullname: 'Gustav Guest',
      country: 'cz',
      skins: [3, 5],
      bundles: [1],
      tips: [],
      prices: [],
      termsAccepted: true,
      reminderAccepted: true,
      deliveryNowConsent: false,
      withdrawalLossAcknowledged: false,
      countryConfirmed: false,
    });
    // A business's VAT ID and the confirmed country go with the order.
    expect(
      checkoutOrder(
        { ...valid, vatId: ' FR11123456782 ', countryConfirmed: true },
        { skins: [3], bundles: [] },
      ),
    ).toMatchObject({ vatId: 'FR11123456782', countryConfirmed: true });
    const tips = [{ itemType: 'SKIN' as const, itemId: 3, tip: 2 }];
    expect(checkoutOrder(valid, { skins: [3], bundles: [] }, { tips, prices: [] })).toMatchObject({
      tips,
      prices: [],
    });
  });

  it('marks every field of spec 5 that is missing', () => {
    const errors = validateCheckout({
      email: 'not-an-email',
      fullname: 'Al',
      country: null,
      termsAccepted: false,
      reminderAccepted: false,
      deliveryNowConsent: false,
      withdrawalLossAcknowledged: false,
      vatId: 'x',
      countryConfirmed: false,
      isGift: false,
      giftRecipientEmail: '',
      giftNote: '',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'country',
      'email',
      'fullname',
      'reminderAccepted',
      'termsAccepted',
      'vatId',
    ]);
  });
});

describe('the consent to immediate delivery', () => {
  it('is optional, sent as ticked, and both boxes or neither', () => {
    const both = { ...valid, deliveryNowConsent: true, withdrawalLossAcknowledged: true };
    expect(validateCheckout(both)).toEqual({});
    expect(checkoutOrder(both, { skins: [3], bundles: [] })).toMatchObject({
      deliveryNowConsent: true,
      withdrawalLossAcknowledged: true,
    });
    expect(Object.keys(validateCheckout({ ...valid, deliveryNowConsent: true }))).toEqual([
      'withdrawalLossAcknowledged',
    ]);
  });
});

describe('the PayPal SDK address', () => {
  it('asks for the buttons in euros for the client id', () => {
    const url = new URL(paypalSdkUrl('client-123'));
    expect(url.origin + url.pathname).toBe('https://www.paypal.com/sdk/js');
    expect(url.searchParams.get('client-id')).toBe('client-123');
    expect(url.searchParams.get('currency')).toBe('EUR');
  });
});

describe("the PayPal capture's confirmation page", () => {
  it('follows only a path of this site’s order pages', async () => {
    const { confirmationPathOf } = await import('./checkout-api');
    const answer = (redirect: unknown) => JSON.stringify({ status: 'PAYMENT_RECEIVED', redirect });
    expect(confirmationPathOf(answer('/orders/TS-2026-000042?k=1790000000.abc_DEF-1'))).toBe(
      '/orders/TS-2026-000042?k=1790000000.abc_DEF-1',
    );
    for (const other of [
      'https://evil.example/orders/1',
      '//evil.example/orders/1',
      '/skins/success',
      5,
      null,
    ]) {
      expect(confirmationPathOf(answer(other))).toBeNull();
    }
    expect(confirmationPathOf('not json')).toBeNull();
  });
});
