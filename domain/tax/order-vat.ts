import type { LocationEvidence, OrderVat, VatTreatment } from '../orders/order.events';
import { isEuMemberState } from './eu-member-states';
import type { VatRateLookup } from './vat-rates';

/** The operator's VAT position, as the rules need it (infra/config.ts `VatConfig`). */
export type SellerVatPosition = { registered: boolean; homeCountry: string; vatId: string | null };

/** A buyer's VAT ID after its check: only a valid one makes a reverse charge. */
export type CheckedVatId = {
  vatId: string;
  valid: boolean;
  check: NonNullable<OrderVat['vatIdCheck']>;
};

/**
 * How VAT applies to a sale of a digital item (an electronically supplied service), in this order:
 * - the operator is not registered for VAT: NOT_REGISTERED, none is charged;
 * - the buyer lives outside the EU: OUTSIDE_EU, the supply is not taxed in the EU (VAT Directive
 *   Art. 58 places it where the buyer lives);
 * - a business in another member state with a valid VAT ID: REVERSE_CHARGE (Art. 196, the buyer
 *   accounts for the VAT);
 * - a buyer in the operator's home country (consumer or business): DOMESTIC, home rate;
 * - a consumer in another member state: OSS, that state's rate, declared through the One-Stop Shop
 *   (Art. 58 and 369a-369k).
 */
export function decideVatTreatment(input: {
  seller: SellerVatPosition;
  country: string;
  validBusinessVatId: boolean;
}): VatTreatment {
  const country = input.country.toLowerCase();
  if (!input.seller.registered) return 'NOT_REGISTERED';
  if (!isEuMemberState(country)) return 'OUTSIDE_EU';
  const home = input.seller.homeCountry.toLowerCase();
  if (input.validBusinessVatId && country !== home) return 'REVERSE_CHARGE';
  return country === home ? 'DOMESTIC' : 'OSS';
}

/** The order's VAT as decided, and the rates the pricing needs. */
export type DecidedOrderVat = {
  vat: OrderVat;
  /** The rate carved out of price + tip (0 when no VAT is charged). */
  chargedRateBasisPoints: number;
  /**
   * For a reverse charge: the buyer's country's rate, whose VAT is taken off the catalogue price
   * (the buyer pays what a consumer there pays net). Null otherwise.
   */
  reverseChargeRateBasisPoints: number | null;
};

/**
 * Decides an order's VAT from the settled country and its evidence, the buyer's checked VAT ID (a
 * VAT ID from another country than the billing one never gets here: the checkout refuses it), the
 * operator's position and the rates on the day.
 */
export function decideOrderVat(input: {
  seller: SellerVatPosition;
  country: string;
  evidence: LocationEvidence;
  vatId: CheckedVatId | null;
  rates: VatRateLookup;
  on: Date;
}): DecidedOrderVat {
  const country = input.country.toLowerCase();
  const treatment = decideVatTreatment({
    seller: input.seller,
    country,
    validBusinessVatId: input.vatId?.valid === true,
  });
  const rateOf = (code: string) => {
    const rate = input.rates.standardRateBasisPoints(code, input.on);
    // Every member state has a standard rate: a gap is a broken rate set, not a rate of 0.
    if (rate === null) throw new RangeError(`The rate set ${input.rates.version} has no rate for ${code}.`);
    return rate;
  };
  const charged = treatment === 'OSS' || treatment === 'DOMESTIC' ? rateOf(country) : 0;
  const reverse = treatment === 'REVERSE_CHARGE' ? rateOf(country) : null;
  const reverseCharged = treatment === 'REVERSE_CHARGE' && input.vatId !== null;
  return {
    vat: {
      treatment,
      country,
      rateBasisPoints: charged,
      rateSetVersion: input.rates.version,
      seller: {
        homeCountry: input.seller.homeCountry.toLowerCase(),
        vatId: input.seller.registered ? input.seller.vatId : null,
      },
      buyerVatId: reverseCharged ? input.vatId!.vatId : null,
      vatIdCheck: reverseCharged ? input.vatId!.check : null,
      evidence: input.evidence,
    },
    chargedRateBasisPoints: charged,
    reverseChargeRateBasisPoints: reverse,
  };
}
