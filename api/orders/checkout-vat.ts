import type { PlaceOrderVat } from '../../domain/orders/order.decider';
import {
  checkedVatIdOf,
  vatIdToCheck,
  type PlaceOrderBeforeVatCheck,
} from '../../domain/orders/place-order-vat-check';
import type { SellerVatPosition } from '../../domain/tax/order-vat';
import type { VatRateLookup } from '../../domain/tax/vat-rates';
import { openIpCountryLookup, type IpCountryLookup } from '../../infra/geo/ip-country';
import { vatIdCheckerFor } from '../../infra/tax/vat-id-check';
import { salesTaxRatesLookup } from '../../infra/tax/vat-rates';
import type { AppContext } from '../app-context';

// What a checkout needs to decide its order's VAT (docs/vat.md): the rates, the IP country, and the
// buyer's VAT ID to check with VIES (or its local stand-in).

let rates: VatRateLookup | null = null;
/** The installed rate set, read once per process. */
export const vatRates = (): VatRateLookup => (rates ??= salesTaxRatesLookup());

/** The IP database is read once per process (api/accounts/country-suggestion.routes.ts reads its own). */
let lookup: Promise<IpCountryLookup> | null = null;
export async function ipCountryOf(ip: string | null | undefined): Promise<string | null> {
  return (await (lookup ??= openIpCountryLookup()))(ip);
}

/** The operator's VAT position, as the rules need it. */
const sellerOf = (app: Pick<AppContext, 'config'>): SellerVatPosition => {
  const { vat } = app.config;
  return { registered: vat.registered, homeCountry: vat.homeCountry, vatId: vat.vatId };
};

/** Asks VIES (or its local stand-in) about a VAT ID whose format is checked. */
export const checkVatIdWithRegister = (app: Pick<AppContext, 'config' | 'now'>, vatId: string) =>
  vatIdCheckerFor(
    { viesBaseUrl: app.config.vies.baseUrl, requesterVatId: app.config.vat.vatId },
    app.now,
  )(vatId);

/**
 * The VAT inputs of a PlaceOrder before its VAT ID is checked: the order command asks the register
 * as its outside step (place-order.handler.ts).
 */
export async function placeOrderVatInputs(
  app: Pick<AppContext, 'config'>,
  input: { country: string; vatId?: string | null; countryConfirmed?: boolean; ip: string | null },
): Promise<PlaceOrderBeforeVatCheck['vat']> {
  const seller = sellerOf(app);
  return {
    seller,
    rates: vatRates(),
    ipCountry: await ipCountryOf(input.ip),
    countryConfirmed: input.countryConfirmed === true,
    vatIdToCheck: vatIdToCheck(seller, { vatId: input.vatId, country: input.country }),
  };
}

/** The same inputs with the VAT ID checked now: for a quote, which writes nothing. */
export async function placeOrderVatFor(
  app: Pick<AppContext, 'config' | 'now'>,
  input: { country: string; vatId?: string | null; countryConfirmed?: boolean; ip: string | null },
): Promise<PlaceOrderVat> {
  const { vatIdToCheck: vatId, ...vat } = await placeOrderVatInputs(app, input);
  return {
    ...vat,
    vatId: vatId === null ? null : checkedVatIdOf(vatId, await checkVatIdWithRegister(app, vatId)),
  };
}
