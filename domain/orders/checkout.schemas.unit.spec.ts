import { describe, expect, it } from 'vitest';
import { checkoutResultPages } from './checkout-result-pages';
import {
  captureOrderRequestSchema,
  cardCheckoutRequestSchema,
  CART_MAX_ITEMS,
  checkoutFormSchema,
  checkoutMessages,
  paypalOrderRequestSchema,
} from './checkout.schemas';
import { withdrawalConsentTexts } from './withdrawal-consent';

const form = {
  email: ' pat@example.com ',
  fullname: ' Pat Player ',
  country: 'CZ',
  termsAccepted: true,
  reminderAccepted: true,
};
const firstIssue = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
};

describe('checkout form (spec 5, Checkout)', () => {
  it('accepts a filled form, trimmed, with the country in lowercase', () => {
    expect(checkoutFormSchema.parse(form)).toEqual({
      ...form,
      email: 'pat@example.com',
      fullname: 'Pat Player',
      country: 'cz',
      // Unticked unless the buyer ticks them: the consent to immediate delivery is never assumed.
      deliveryNowConsent: false,
      withdrawalLossAcknowledged: false,
    });
  });

  it.each([
    ['email', { email: 'pat@example' }, checkoutMessages.email],
    ['fullname', { fullname: 'Al ' }, checkoutMessages.fullname],
    ['fullname', { fullname: '\u200b\u200b\u200b\u200b' }, checkoutMessages.fullnameInvisible],
    ['fullname', { fullname: '\u2800\u2800\u2800\u2800' }, checkoutMessages.fullnameInvisible],
    ['fullname', { fullname: '\u200d\u2060\ufeff\u200c' }, checkoutMessages.fullnameInvisible],
    ['country', { country: '' }, checkoutMessages.country],
    ['country', { country: undefined }, checkoutMessages.country],
    ['termsAccepted', { termsAccepted: false }, checkoutMessages.terms],
    ['termsAccepted', { termsAccepted: undefined }, checkoutMessages.terms],
    ['reminderAccepted', { reminderAccepted: 'yes' }, checkoutMessages.reminder],
  ])('refuses a bad %s with the message the form shows', (field, change, message) => {
    expect(firstIssue(checkoutFormSchema.safeParse({ ...form, ...change }))).toEqual({ field, message });
  });
});

describe('the consent to immediate delivery at checkout', () => {
  const cart = { ...form, skins: [1] };
  it('is not needed to check out: both boxes unticked (or absent) pass', () => {
    expect(cardCheckoutRequestSchema.parse(cart)).toMatchObject({
      deliveryNowConsent: false,
      withdrawalLossAcknowledged: false,
    });
    expect(
      paypalOrderRequestSchema.parse({ ...cart, deliveryNowConsent: true, withdrawalLossAcknowledged: true }),
    ).toMatchObject({ deliveryNowConsent: true, withdrawalLossAcknowledged: true });
  });

  it.each([
    [{ deliveryNowConsent: true }],
    [{ withdrawalLossAcknowledged: true }],
    [{ deliveryNowConsent: true, withdrawalLossAcknowledged: false }],
  ])('refuses one box without the other (%o), on the acknowledgement', (boxes) => {
    for (const schema of [cardCheckoutRequestSchema, paypalOrderRequestSchema]) {
      expect(firstIssue(schema.safeParse({ ...cart, ...boxes }))).toEqual({
        field: 'withdrawalLossAcknowledged',
        message: withdrawalConsentTexts.pairIncomplete,
      });
    }
  });

  it('refuses a box that is not a boolean', () => {
    expect(cardCheckoutRequestSchema.safeParse({ ...cart, deliveryNowConsent: 'yes' }).success).toBe(false);
  });
});

describe('checkout requests', () => {
  it('read ids given as numbers or strings, and drop anything else a client sends (prices)', () => {
    const parsed = cardCheckoutRequestSchema.parse({
      ...form,
      skins: [1, '2'],
      bundles: ['30'],
      price: 0.01,
      total: 1,
    });
    expect(parsed).toMatchObject({ skins: [1, 2], bundles: [30] });
    expect(parsed).not.toHaveProperty('price');
    expect(parsed).not.toHaveProperty('total');
  });

  it('refuse an empty cart, a cart too large and ids that are not ids', () => {
    expect(firstIssue(cardCheckoutRequestSchema.safeParse({ ...form }))).toEqual({
      field: 'skins',
      message: checkoutMessages.emptyCart,
    });
    const many = Array.from({ length: CART_MAX_ITEMS }, (_, i) => i + 1);
    expect(
      firstIssue(cardCheckoutRequestSchema.safeParse({ ...form, skins: many, bundles: [1] }))?.message,
    ).toBe(checkoutMessages.tooManyItems);
    for (const id of [0, -1, 1.5, 'abc', '1e3', null]) {
      expect(cardCheckoutRequestSchema.safeParse({ ...form, skins: [id] }).success, String(id)).toBe(false);
    }
  });

  it('take PayPal orders without the checkboxes (spec 7.1) but never with one unticked', () => {
    const { termsAccepted: _t, reminderAccepted: _r, ...buyer } = form;
    expect(paypalOrderRequestSchema.safeParse({ ...buyer, skins: [1] }).success).toBe(true);
    expect(
      firstIssue(paypalOrderRequestSchema.safeParse({ ...buyer, skins: [1], termsAccepted: false })),
    ).toEqual({
      field: 'termsAccepted',
      message: checkoutMessages.terms,
    });
    expect(cardCheckoutRequestSchema.safeParse({ ...buyer, skins: [1] }).success).toBe(false);
  });

  it('read a capture by the provider order id', () => {
    expect(captureOrderRequestSchema.parse({ orderId: ' 5O190127TN364715T ' })).toEqual({
      orderId: '5O190127TN364715T',
    });
    expect(captureOrderRequestSchema.safeParse({ orderId: '../x' }).success).toBe(false);
    expect(captureOrderRequestSchema.safeParse({}).success).toBe(false);
  });
});

describe('checkout result pages', () => {
  it('send a signed-in buyer to the collection, a guest to the bundles or skins list', () => {
    expect(checkoutResultPages({ guest: false, itemTypes: ['SKIN', 'BUNDLE'] })).toEqual({
      success: '/me/collection/success',
      failed: '/me/collection/failed',
    });
    expect(checkoutResultPages({ guest: true, itemTypes: ['SKIN', 'BUNDLE'] })).toEqual({
      success: '/bundles/success',
      failed: '/bundles/failed',
    });
    expect(checkoutResultPages({ guest: true, itemTypes: ['SKIN'] })).toEqual({
      success: '/skins/success',
      failed: '/skins/failed',
    });
  });
});

describe('tips and chosen prices in a checkout request', () => {
  const cart = { ...form, skins: [7], bundles: [3] };

  it('carries them as cents, for items of the cart', () => {
    const parsed = cardCheckoutRequestSchema.parse({
      ...cart,
      tips: [
        { itemType: 'SKIN', itemId: 7, tip: 2.5 },
        { itemType: 'BUNDLE', itemId: '3', tip: 100 },
      ],
      prices: [{ itemType: 'SKIN', itemId: 7, price: 12.34 }],
    });
    expect(parsed.tips).toEqual([
      { itemType: 'SKIN', itemId: 7, tip: 250 },
      { itemType: 'BUNDLE', itemId: 3, tip: 10_000 },
    ]);
    expect(parsed.prices).toEqual([{ itemType: 'SKIN', itemId: 7, price: 1234 }]);
    expect(cardCheckoutRequestSchema.parse(cart)).toMatchObject({ tips: [], prices: [] });
  });

  it.each([
    [
      'over 100 EUR',
      { tips: [{ itemType: 'SKIN', itemId: 7, tip: 100.01 }] },
      'tips',
      checkoutMessages.tipRange,
    ],
    ['negative', { tips: [{ itemType: 'SKIN', itemId: 7, tip: -1 }] }, 'tips', checkoutMessages.tipRange],
    [
      'a fraction of a cent',
      { tips: [{ itemType: 'SKIN', itemId: 7, tip: 1.005 }] },
      'tips',
      checkoutMessages.tipRange,
    ],
    ['text', { tips: [{ itemType: 'SKIN', itemId: 7, tip: '5' }] }, 'tips', checkoutMessages.tipRange],
    [
      'for an item not in the cart',
      { tips: [{ itemType: 'BUNDLE', itemId: 7, tip: 1 }] },
      'tips',
      checkoutMessages.choiceNotInCart,
    ],
    [
      'twice for one item',
      {
        tips: [
          { itemType: 'SKIN', itemId: 7, tip: 1 },
          { itemType: 'SKIN', itemId: 7, tip: 2 },
        ],
      },
      'tips',
      checkoutMessages.choiceTwice,
    ],
    [
      'a chosen price over 500 EUR',
      { prices: [{ itemType: 'SKIN', itemId: 7, price: 500.01 }] },
      'prices',
      checkoutMessages.chosenPrice,
    ],
    [
      'a chosen price not in the cart',
      { prices: [{ itemType: 'SKIN', itemId: 8, price: 5 }] },
      'prices',
      checkoutMessages.choiceNotInCart,
    ],
  ])('refuses a tip or price %s', (_, choice, field, message) => {
    for (const schema of [cardCheckoutRequestSchema, paypalOrderRequestSchema]) {
      const result = schema.safeParse({ ...cart, ...choice });
      expect(result.success).toBe(false);
      expect(firstIssue(result)?.field.split('.')[0]).toBe(field);
      expect(firstIssue(result)?.message).toBe(message);
    }
  });
});
