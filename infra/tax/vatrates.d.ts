// The `vatrates` package ships no types: the part of its API infra/tax/vat-rates.ts uses.
declare module 'vatrates' {
  export default class VATRates {
    constructor(date?: Date);
    isVATCountry(countryCode: string): boolean;
    /** The standard rate in percent on the instance's date, undefined when the country has none. */
    getStandardRate(countryCode: string): number | undefined;
  }
}
