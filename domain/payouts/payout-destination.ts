import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import type { PayoutDestination, PayoutMethod } from './payout.events';

/** The author's payout details as the profile holds them (users table / PrivateUser). */
export type PayoutDetails = {
  payoutMethod: PayoutMethod | null;
  fullname: string | null;
  paypalAccount: string | null;
  street: string | null;
  city: string | null;
  country: string | null;
  bankAccountIban: string | null;
  bankAccountBic: string | null;
};

const present = (value: string | null | undefined): value is string => !!value && value.trim() !== '';

/**
 * Where a payout locked now would go: the chosen method with every detail it needs, or what is
 * missing. Bank payouts are SEPA credit transfers, so the IBAN must be valid and of the SEPA area.
 */
export function payoutDestinationOf(
  details: PayoutDetails,
): { destination: PayoutDestination; missing?: undefined } | { destination: null; missing: string } {
  const missing = (what: string) => ({ destination: null, missing: what }) as const;
  if (details.payoutMethod === 'PAYPAL') {
    if (!present(details.paypalAccount)) return missing('the PayPal email address is missing.');
    if (!present(details.fullname)) return missing('the full name is missing.');
    return {
      destination: {
        method: 'PAYPAL',
        name: details.fullname.trim(),
        paypalAccount: details.paypalAccount.trim(),
      },
    };
  }
  if (details.payoutMethod === 'BANK_TRANSFER') {
    const absent = (
      [
        ['full name', details.fullname],
        ['street', details.street],
        ['city', details.city],
        ['country', details.country],
        ['IBAN', details.bankAccountIban],
        ['BIC', details.bankAccountBic],
      ] as const
    ).filter(([, value]) => !present(value));
    if (absent.length > 0) return missing(`${absent.map(([name]) => name).join(', ')} missing.`);
    const iban = electronicFormatIBAN(details.bankAccountIban ?? '') ?? '';
    if (!isValidIBAN(iban)) return missing('the IBAN is not valid.');
    if (!isSEPACountry(extractIBAN(iban).countryCode ?? '')) {
      return missing('the IBAN is outside the SEPA area, where bank payouts go.');
    }
    const bic = (details.bankAccountBic ?? '').replace(/\s+/g, '').toUpperCase();
    if (!isValidBIC(bic)) return missing('the BIC is not valid.');
    return {
      destination: {
        method: 'BANK_TRANSFER',
        name: (details.fullname ?? '').trim(),
        street: (details.street ?? '').trim(),
        city: (details.city ?? '').trim(),
        country: (details.country ?? '').trim().toLowerCase(),
        iban,
        bic,
      },
    };
  }
  return missing('no payout method is chosen.');
}
