import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import type { PayoutDestination, PayoutMethod } from './payout.events';
import { hasSepaText } from './sepa-text';

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

/** The bank transfer's free-text fields, as the settings name them and as a refusal says them. */
const SEPA_TEXT_FIELDS = [
  ['fullname', 'full name'],
  ['street', 'street'],
  ['city', 'city'],
] as const;

export const sepaTextMessage = (what: string) =>
  `Bank transfers carry the ${what} in Latin letters only, and this one has none we can write that way. Enter it in Latin letters.`;

/**
 * The bank transfer's name and address fields that no SEPA file could carry (nothing is left of
 * them in the SEPA character set, such as a name in Han characters): the one rule checked when
 * the details are saved, when a payout is locked, and again when the file is written. Cyrillic,
 * Greek and accented Latin are transliterated (domain/payouts/sepa-text.ts), so they pass.
 */
export function sepaTextProblems(
  details: Partial<Pick<PayoutDetails, 'fullname' | 'street' | 'city'>>,
): { field: 'fullname' | 'street' | 'city'; message: string }[] {
  return SEPA_TEXT_FIELDS.filter(([field]) => present(details[field]) && !hasSepaText(details[field])).map(
    ([field, what]) => ({ field, message: sepaTextMessage(what) }),
  );
}

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
    const unwritable = SEPA_TEXT_FIELDS.filter(([field]) => !hasSepaText(details[field] ?? ''));
    if (unwritable.length > 0) {
      return missing(
        `the ${unwritable.map(([, what]) => what).join(', ')} cannot be written in Latin letters.`,
      );
    }
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
