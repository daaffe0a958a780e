import { DomainError } from '../errors';
import type { LocationEvidence } from '../orders/order.events';
import { vatMessages } from './vat-messages';

/**
 * The rule that settles where the buyer lives (Implementing Regulation 282/2011, Art. 24b and 24f:
 * two pieces of evidence that do not contradict each other). At checkout we hold two: the billing
 * country the buyer gives and the country of their IP address (offline database).
 * - They agree: the billing country stands (`BILLING_AND_IP_AGREE`).
 * - They differ, or the address tells nothing (a private network, a VPN the database cannot place):
 *   the buyer must confirm their billing country explicitly; until they do the order is refused with
 *   a message saying why (`BUYER_CONFIRMED` once they have).
 * Never a silent guess: the IP country never overrides what the buyer says. The card's issuing
 * country arrives later with the payment; when it contradicts, `cardCountryConflict` says so and the
 * order shows it to admins, but the VAT already charged stays as decided.
 */
export function settleBuyerCountry(input: {
  billingCountry: string;
  ipCountry: string | null;
  countryConfirmed: boolean;
}): { country: string; evidence: LocationEvidence } {
  const billingCountry = input.billingCountry.trim().toLowerCase();
  const ipCountry = input.ipCountry?.trim().toLowerCase() || null;
  if (ipCountry === billingCountry) {
    return { country: billingCountry, evidence: { billingCountry, ipCountry, rule: 'BILLING_AND_IP_AGREE' } };
  }
  if (!input.countryConfirmed) {
    throw new DomainError(
      'BAD_USER_INPUT',
      vatMessages.confirmCountry(billingCountry, ipCountry),
      'countryConfirmed',
    );
  }
  return { country: billingCountry, evidence: { billingCountry, ipCountry, rule: 'BUYER_CONFIRMED' } };
}

/** Whether the billing and IP countries differ, so the checkout must ask the buyer to confirm. */
export function needsCountryConfirmation(billingCountry: string, ipCountry: string | null): boolean {
  return (ipCountry?.toLowerCase() ?? null) !== billingCountry.toLowerCase();
}

/**
 * The card's issuing country contradicts the country the order was taxed in: recorded with the
 * payment and shown to admins as an evidence conflict (never a silent re-tax). No card country (PayPal,
 * or the provider did not say) or an order without VAT is no conflict.
 */
export function cardCountryConflict(
  vatCountry: string | null | undefined,
  cardCountry: string | null | undefined,
): boolean {
  if (!vatCountry || !cardCountry) return false;
  return vatCountry.toLowerCase() !== cardCountry.toLowerCase();
}
