import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { DEFAULT_FEE_POLICY } from '../fees';
import { placeOrderVat, REGISTERED_SELLER } from '../testing/vat-rates';
import { vatMessages } from '../tax/vat-messages';
import { initialOrderState } from './order.decider';
import type { OrderPlaced } from './order.events';
import {
  placeOrderWithVatCheck,
  vatIdToCheck,
  type PlaceOrderBeforeVatCheck,
  type VatIdCheckAnswer,
} from './place-order-vat-check';

// The order command's outside step: the register is asked about a business buyer's VAT ID, and
// OrderPlaced records its answer or the checkout is refused.
const skin = { itemType: 'SKIN', itemId: 7, name: 'Desert Fox', authorId: 50, priceCents: 350 } as const;
const command = (country: string, vatId: string | null): PlaceOrderBeforeVatCheck => {
  const { vatId: _none, ...vat } = placeOrderVat({
    seller: REGISTERED_SELLER,
    ipCountry: country,
    countryConfirmed: false,
  });
  return {
    type: 'PlaceOrder',
    orderId: 'o-1',
    buyer: { userId: 9, email: 'p@example.com', fullName: 'Pat Player', country },
    paymentType: 'STRIPE',
    items: [skin],
    feePolicy: DEFAULT_FEE_POLICY,
    vat: { ...vat, vatIdToCheck: vatIdToCheck(REGISTERED_SELLER, { vatId, country }) },
    placedAt: new Date('2026-03-01T10:00:00.000Z'),
  };
};
const checked = (status: 'VALID' | 'INVALID'): VatIdCheckAnswer => ({
  status,
  source: 'VIES',
  requestIdentifier: 'WAPIAAAAW1',
  checkedAt: '2026-03-01T09:59:59.000Z',
});
const { plan, decide } = placeOrderWithVatCheck;

describe('placing an order with a VAT ID checked outside', () => {
  it('asks only about a business in another member state', () => {
    expect(plan(command('fr', 'FR40303265045'), [initialOrderState])).toEqual({ vatId: 'FR40303265045' });
    expect(plan(command('fr', null), [initialOrderState])).toBeNull();
    // At home, VAT applies whatever the number: nothing to ask.
    expect(plan(command('cz', 'CZ12345679'), [initialOrderState])).toBeNull();
    // A malformed number is refused before anything is asked.
    expect(() => command('fr', 'FR123')).toThrow(vatMessages.vatIdFormat);
  });

  it('records a valid number as a reverse charge, with the consultation number', () => {
    const [[event]] = decide(command('fr', 'FR40303265045'), [initialOrderState], checked('VALID')) as [
      [OrderPlaced],
    ];
    expect(event.data.vat).toMatchObject({
      treatment: 'REVERSE_CHARGE',
      buyerVatId: 'FR40303265045',
      vatIdCheck: { source: 'VIES', requestIdentifier: 'WAPIAAAAW1' },
    });
    expect(event.data.totals.vatCents).toBe(0);
  });

  it('refuses a number the register does not know, or no answer, naming the field', () => {
    const refusal = (answer: VatIdCheckAnswer) => {
      try {
        decide(command('fr', 'FR40303265045'), [initialOrderState], answer);
      } catch (error) {
        return error instanceof DomainError ? { field: error.field, message: error.message } : error;
      }
      return null;
    };
    expect(refusal(checked('INVALID'))).toEqual({
      field: 'vatId',
      message: vatMessages.vatIdInvalid('FR40303265045'),
    });
    expect(refusal({ status: 'UNAVAILABLE', reason: 'MS_UNAVAILABLE' })).toEqual({
      field: 'vatId',
      message: vatMessages.vatIdUnchecked,
    });
  });

  it('asks nothing for an order already placed', () => {
    const [[placed]] = decide(command('fr', null), [initialOrderState], null) as [[OrderPlaced]];
    const state = placeOrderWithVatCheck.evolve(initialOrderState, placed);
    expect(plan(command('fr', 'FR40303265045'), [state])).toBeNull();
  });
});
