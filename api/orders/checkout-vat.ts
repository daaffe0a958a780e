import { DomainError } from '../../domain/errors';
import type { PlaceOrderVat } from '../../domain/orders/order.decider';
import { isEuMemberState } from '../../domain/tax/eu-member-states';
import type { CheckedVatId } from '../../domain/tax/order-vat';
import { buyerVatIdFor } from '../../domain/tax/vat-id';
import { vatMessages } from '../../domain/tax/vat-messages';
import type { VatRateLookup } from '../../domain/tax/vat-rates';
import { openIpCountryLookup, type IpCountryLookup } from '../../infra/geo/ip-country';
import { vatIdCheckerFor } from '../../infra/tax/vat-id-check';
import { salesTaxRatesLookup } from '../../infra/tax/vat-rates';
import type { AppContext } from '../app-context';

// What a checkout needs to decide its order's VAT (docs/vat.md): the rates, the IP country, and the
// buyer's VAT ID checked with VIES (or its local stand-in) before the order command runs.

let rates: VatRateLookup | null = null;
/** The installed rate set, read once per process. */
export const vatRates = (): VatRateLookup => (rates ??= salesTaxRatesLookup());

/** The IP database is read once per process (api/accounts/country-suggestion.routes.ts reads its own). */
let lookup: Promise<IpCountryLookup> | null = null;
export async function ipCountryOf(ip: string | null | undefined): Promise<string | null> {
  return (await (lookup ??= openIpCountryLookup()))(ip);
}

/**
 * The buyer's VAT ID as the order records it: checked for format (jsvat-next, and from the billing
 * country), then with VIES. Only a business in another member state than the operator's needs the
 * check (a reverse charge); elsewhere VAT applies whatever the ID, so it is not asked about. A
 * number VIES does not know, or VIES not answering, is refused with a message the buyer can act on.
 */
export async function checkedBuyerVatId(
  app: Pick<AppContext, 'config' | 'now'>,
  input: { vatId: string | null | undefined; country: string },
): Promise<CheckedVatId | null> {
  const vatId = buyerVatIdFor(input.vatId, input.country);
  const { vat } = app.config;
  const country = input.country.toLowerCase();
  if (vatId === null || !vat.registered || !isEuMemberState(country) || country === vat.homeCountry) {
    return null;
  }
  const check = vatIdCheckerFor({ viesBaseUrl: app.config.vies.baseUrl, requesterVatId: vat.vatId }, app.now);
  const answer = await check(vatId);
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

/** The PlaceOrder command's VAT inputs for a checkout from this address. */
export async function placeOrderVatFor(
  app: Pick<AppContext, 'config' | 'now'>,
  input: { country: string; vatId?: string | null; countryConfirmed?: boolean; ip: string | null },
): Promise<PlaceOrderVat> {
  const { vat } = app.config;
  return {
    seller: { registered: vat.registered, homeCountry: vat.homeCountry, vatId: vat.vatId },
    rates: vatRates(),
    ipCountry: await ipCountryOf(input.ip),
    countryConfirmed: input.countryConfirmed === true,
    vatId: await checkedBuyerVatId(app, { vatId: input.vatId, country: input.country }),
  };
}
