/**
 * Where VAT rates come from, as the rules see it: a lookup handed in by the caller (the adapter over
 * the rate table of the `sales-tax` package, infra/tax/vat-rates.ts), so the rules stay free of I/O and a test can give
 * any rate. Electronically supplied services (a downloaded skin) bear the member state's standard
 * rate (VAT Directive Art. 96-98: no reduced rate applies to them).
 */
export type VatRateLookup = {
  /**
   * The standard rate of an EU member state (lowercase code) on a day, in basis points (2100 = 21 %),
   * or null when the rate set knows no rate for it.
   */
  standardRateBasisPoints(country: string, on: Date): number | null;
  /** The rate set's name and version, recorded with each order: `sales-tax@2.23.0`. */
  readonly version: string;
};
