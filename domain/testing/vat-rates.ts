import type { VatRateLookup } from '../tax/vat-rates';
import type { PlaceOrderVat } from '../orders/order.decider';

/** A rate set for tests: the given standard rates (basis points) on every day. */
export function fixedVatRates(
  rates: Readonly<Record<string, number>>,
  version = 'test-rates@1.0.0',
): VatRateLookup {
  return { version, standardRateBasisPoints: (country) => rates[country.toLowerCase()] ?? null };
}

/** Some member states' standard rates in 2026 (basis points). */
export const TEST_VAT_RATES = fixedVatRates({
  cz: 2100,
  de: 1900,
  fr: 2000,
  pl: 2300,
  es: 2100,
  hu: 2700,
  lu: 1700,
  sk: 2300,
});

/** An operator registered for VAT in Czechia (OSS), with its example VAT number. */
export const REGISTERED_SELLER = { registered: true, homeCountry: 'cz', vatId: 'CZ12345679' } as const;

/**
 * The VAT inputs of a PlaceOrder for tests: by default an operator not registered for VAT (no VAT
 * charged, so the figures are the fee rules' alone) and a buyer who confirmed their country.
 */
export function placeOrderVat(overrides: Partial<PlaceOrderVat> = {}): PlaceOrderVat {
  return {
    seller: { registered: false, homeCountry: 'cz', vatId: null },
    rates: TEST_VAT_RATES,
    ipCountry: null,
    countryConfirmed: true,
    vatId: null,
    ...overrides,
  };
}
