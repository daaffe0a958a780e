import { countryName } from '../accounts/countries';

/** What buyers read about VAT at checkout: shared by the web form and the server's refusals. */
export const vatMessages = {
  vatIdFormat: 'Enter a VAT ID as it is registered, starting with its country code, e.g. FR40303265045.',
  vatIdCountry: (billing: string) =>
    `This VAT ID is not from ${countryName(billing)}: choose the billing country of the business it belongs to.`,
  vatIdInvalid: (vatId: string) =>
    `The EU's VIES register says ${vatId} is not a valid VAT ID. Check it, or leave the field empty to buy as a consumer.`,
  vatIdUnchecked:
    'Your VAT ID cannot be checked with the EU right now. Try again in a few minutes, or leave the field empty to buy as a consumer.',
  confirmCountry: (billing: string, ipCountry: string | null) =>
    ipCountry
      ? `Your connection appears to be from ${countryName(ipCountry)}, but your billing country is ${countryName(billing)}. Confirm that you live in ${countryName(billing)} to continue.`
      : `We cannot tell your country from your connection. Confirm that you live in ${countryName(billing)} to continue.`,
  confirmCountryLabel: (billing: string) =>
    `I confirm that I live in ${countryName(billing)} (or that my business is established there).`,
} as const;
