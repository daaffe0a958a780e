import { describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../../../../domain/orders/checkout.schemas';
import { cartWithChoices, type ChoiceLine } from './cart-choices';

const skin: ChoiceLine = { kind: 'skin', id: 3, title: 'Desert Fox', price: 5, payWhatYouWant: false };
const open: ChoiceLine = { kind: 'bundle', id: 9, title: 'Neon Pack', price: 3, payWhatYouWant: true };

describe('the cart with tips and chosen prices', () => {
  it('adds tips and chosen prices to the total and sends only what differs from the defaults', () => {
    const cart = cartWithChoices([skin, open], {
      'skin:3': { tip: 2.5, price: '' },
      'bundle:9': { tip: '', price: 7.77 },
    });
    expect(cart.valid).toBe(true);
    expect(cart.totalCents).toBe(500 + 250 + 777);
    expect(cart.request).toEqual({
      tips: [{ itemType: 'SKIN', itemId: 3, tip: 2.5 }],
      prices: [{ itemType: 'BUNDLE', itemId: 9, price: 7.77 }],
    });
    expect(cartWithChoices([skin, open], {}).request).toEqual({ tips: [], prices: [] });
    expect(cartWithChoices([skin, open], {}).totalCents).toBe(800);
  });

  it('marks a tip over 100 EUR, a price under the minimum, and ignores a price for a fixed item', () => {
    const cart = cartWithChoices([skin, open], {
      'skin:3': { tip: 100.01, price: 1 },
      'bundle:9': { tip: 0, price: 2.99 },
    });
    expect(cart.valid).toBe(false);
    expect(cart.checked.get('skin:3')).toMatchObject({
      tipError: checkoutMessages.tipRange,
      priceError: null,
    });
    expect(cart.checked.get('bundle:9')?.priceError?.replace(/\u00a0/g, ' ')).toBe(
      checkoutMessages.chosenPriceRange('Neon Pack', '3,00 €').replace(/\u00a0/g, ' '),
    );
    expect(cart.request.prices).toEqual([]);
  });
});
