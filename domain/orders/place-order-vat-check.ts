import { DomainError } from '../errors';
import { isEuMemberState } from '../tax/eu-member-states';
import type { CheckedVatId, SellerVatPosition } from '../tax/order-vat';
import { buyerVatIdFor } from '../tax/vat-id';
import { vatMessages } from '../tax/vat-messages';
import {
  decideOrder,
  evolveOrder,
  initialOrderState,
  type OrderState,
  type PlaceOrder,
  type PlaceOrderVat,
} from './order.decider';
import type { OrderEvent } from './order.events';

// Placing an order whose buyer gave a VAT ID needs the EU's register (VIES) asked outside the
// database before OrderPlaced is written (docs/vat.md): `plan` names the number to check, as data,
// `decide` places the order with the answer, or refuses with a message the buyer can act on.

/**
 * What the register answered for a number: VALID or INVALID with where it came from, VIES's
 * consultation number and when; UNAVAILABLE when it could not answer (never a guess).
 */
export type VatIdCheckAnswer =
  | {
      status: 'VALID' | 'INVALID';
      source: 'VIES' | 'LOCAL';
      requestIdentifier: string | null;
      checkedAt: string;
    }
  | { status: 'UNAVAILABLE'; reason: string };

/**
 * The VAT ID the register must confirm for this checkout, or null when none needs checking. Only a
 * business in another member state than the operator's needs it (a reverse charge); elsewhere VAT
 * applies whatever the ID. A malformed number, or one of another state than the billing country,
 * is refused here, before anything is asked.
 */
export function vatIdToCheck(
  seller: SellerVatPosition,
  input: { vatId: string | null | undefined; country: string },
): string | null {
  const vatId = buyerVatIdFor(input.vatId, input.country);
  const country = input.country.toLowerCase();
  if (vatId === null || !seller.registered || !isEuMemberState(country) || country === seller.homeCountry) {
    return null;
  }
  return vatId;
}

/** The checked VAT ID from the register's answer; a number it does not know, or no answer, is refused. */
export function checkedVatIdOf(vatId: string, answer: VatIdCheckAnswer): CheckedVatId {
  if (answer.status === 'UNAVAILABLE') {
    throw new DomainError('BAD_USER_INPUT', vatMessages.vatIdUnchecked, 'vatId');
  }
  if (answer.status === 'INVALID') {
    throw new DomainError('BAD_USER_INPUT', vatMessages.vatIdInvalid(vatId), 'vatId');
  }
  return {
    vatId,
    valid: true,
    check: {
      source: answer.source,
      requestIdentifier: answer.requestIdentifier,
      checkedAt: answer.checkedAt,
    },
  };
}

/** PlaceOrder before the check: the VAT ID still to ask about instead of its answer. */
export type PlaceOrderBeforeVatCheck = Omit<PlaceOrder, 'vat'> & {
  vat: Omit<PlaceOrderVat, 'vatId'> & { vatIdToCheck: string | null };
};

export type VatIdCheckCall = { vatId: string };

export const placeOrderWithVatCheck = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  /** The number to ask the register about; none asked when there is none, or the order exists. */
  plan(command: PlaceOrderBeforeVatCheck, [state]: readonly OrderState[]): VatIdCheckCall | null {
    if (command.vat.vatIdToCheck === null || state!.status !== null) return null;
    return { vatId: command.vat.vatIdToCheck };
  },
  /** OrderPlaced with the checked number, or the refusal the answer calls for. */
  decide(
    command: PlaceOrderBeforeVatCheck,
    [state]: readonly OrderState[],
    answer: VatIdCheckAnswer | null,
  ): OrderEvent[][] {
    const { vatIdToCheck, ...vat } = command.vat;
    const vatId = vatIdToCheck !== null && answer !== null ? checkedVatIdOf(vatIdToCheck, answer) : null;
    return [decideOrder({ ...command, vat: { ...vat, vatId } }, state!)];
  },
};
