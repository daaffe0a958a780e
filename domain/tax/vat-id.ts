import { checkVAT, countries } from 'jsvat-next';
import { DomainError } from '../errors';
import { vatMessages } from './vat-messages';

/**
 * A VAT ID's format, checked with `jsvat-next` (each member state's pattern and check digits). A
 * number in the right format may still not be registered: VIES says that (infra/tax/vies.ts).
 */
export type VatIdFormat =
  | {
      ok: true;
      /** Upper case, without spaces or punctuation: `FR40303265045`. */ vatId: string;
      /** Its member state, lowercase (`EL` numbers are Greece's `gr`). */ country: string;
    }
  | { ok: false };

/** VAT ID prefixes that differ from the ISO country code. */
const PREFIX_COUNTRY: Readonly<Record<string, string>> = { el: 'gr' };

export function checkVatIdFormat(input: string): VatIdFormat {
  const compact = input.replace(/[\s.\-/]/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(compact)) return { ok: false };
  const result = checkVAT(compact, countries);
  if (!result.isValid || !result.value) return { ok: false };
  const prefix = compact.slice(0, 2).toLowerCase();
  return { ok: true, vatId: result.value.toUpperCase(), country: PREFIX_COUNTRY[prefix] ?? prefix };
}

/**
 * The VAT ID a buyer typed at checkout, ready for VIES: null when the field was left empty; refused
 * with a message the buyer can act on when malformed, or when it belongs to another member state
 * than the billing country (a business is taxed where it is established, and VIES answers for the
 * state in the number).
 */
export function buyerVatIdFor(input: string | null | undefined, billingCountry: string): string | null {
  if (input === null || input === undefined || input.trim() === '') return null;
  const format = checkVatIdFormat(input);
  if (!format.ok) throw new DomainError('BAD_USER_INPUT', vatMessages.vatIdFormat, 'vatId');
  if (format.country !== billingCountry.trim().toLowerCase()) {
    throw new DomainError('BAD_USER_INPUT', vatMessages.vatIdCountry(billingCountry), 'vatId');
  }
  return format.vatId;
}
