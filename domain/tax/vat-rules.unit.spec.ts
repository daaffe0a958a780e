import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { REGISTERED_SELLER, TEST_VAT_RATES } from '../testing/vat-rates';
import { cardCountryConflict, needsCountryConfirmation, settleBuyerCountry } from './location-evidence';
import { decideOrderVat, decideVatTreatment } from './order-vat';
import { buyerVatIdFor, checkVatIdFormat } from './vat-id';
import { vatMessages } from './vat-messages';

const on = new Date('2026-03-01T10:00:00Z');
const unregistered = { registered: false, homeCountry: 'cz', vatId: null };

describe('the VAT treatment of a sale', () => {
  it.each([
    ['de', false, 'OSS'],
    ['fr', false, 'OSS'],
    ['cz', false, 'DOMESTIC'],
    ['cz', true, 'DOMESTIC'],
    ['fr', true, 'REVERSE_CHARGE'],
    ['us', false, 'OUTSIDE_EU'],
    ['us', true, 'OUTSIDE_EU'],
    ['no', false, 'OUTSIDE_EU'],
    ['gb', false, 'OUTSIDE_EU'],
  ] as const)('a buyer in %s (valid business VAT ID: %s) → %s', (country, validBusinessVatId, treatment) => {
    expect(decideVatTreatment({ seller: REGISTERED_SELLER, country, validBusinessVatId })).toBe(treatment);
  });

  it('an operator not registered for VAT charges none, wherever the buyer lives', () => {
    for (const country of ['cz', 'de', 'us']) {
      expect(decideVatTreatment({ seller: unregistered, country, validBusinessVatId: true })).toBe(
        'NOT_REGISTERED',
      );
    }
  });
});

describe("an order's VAT", () => {
  const evidence = { billingCountry: 'de', ipCountry: 'de', rule: 'BILLING_AND_IP_AGREE' } as const;

  it("a German consumer: the German standard rate and the rate set's version", () => {
    const decided = decideOrderVat({
      seller: REGISTERED_SELLER,
      country: 'de',
      evidence,
      vatId: null,
      rates: TEST_VAT_RATES,
      on,
    });
    expect(decided).toEqual({
      vat: {
        treatment: 'OSS',
        country: 'de',
        rateBasisPoints: 1900,
        rateSetVersion: 'test-rates@1.0.0',
        seller: { homeCountry: 'cz', vatId: 'CZ12345679' },
        buyerVatId: null,
        vatIdCheck: null,
        evidence,
      },
      chargedRateBasisPoints: 1900,
      reverseChargeRateBasisPoints: null,
    });
  });

  it("a French business with a valid VAT ID: reverse charge, no VAT charged, France's rate taken off the price", () => {
    const check = { source: 'LOCAL', requestIdentifier: 'local-1', checkedAt: on.toISOString() } as const;
    const decided = decideOrderVat({
      seller: REGISTERED_SELLER,
      country: 'fr',
      evidence: { ...evidence, billingCountry: 'fr', ipCountry: 'fr' },
      vatId: { vatId: 'FR11123456782', valid: true, check },
      rates: TEST_VAT_RATES,
      on,
    });
    expect(decided.vat).toMatchObject({
      treatment: 'REVERSE_CHARGE',
      rateBasisPoints: 0,
      buyerVatId: 'FR11123456782',
      vatIdCheck: check,
    });
    expect(decided.chargedRateBasisPoints).toBe(0);
    expect(decided.reverseChargeRateBasisPoints).toBe(2000);
  });

  it('outside the EU nothing is charged and no rate is looked up', () => {
    const decided = decideOrderVat({
      seller: REGISTERED_SELLER,
      country: 'us',
      evidence,
      vatId: null,
      rates: TEST_VAT_RATES,
      on,
    });
    expect(decided.vat).toMatchObject({ treatment: 'OUTSIDE_EU', rateBasisPoints: 0 });
  });

  it('a member state missing from the rate set is an error, never a rate of 0', () => {
    expect(() =>
      decideOrderVat({
        seller: REGISTERED_SELLER,
        country: 'mt',
        evidence,
        vatId: null,
        rates: TEST_VAT_RATES,
        on,
      }),
    ).toThrow(/no rate for mt/);
  });
});

describe('the location evidence rule', () => {
  it('billing and IP agree: the billing country, no confirmation needed', () => {
    expect(settleBuyerCountry({ billingCountry: 'DE', ipCountry: 'de', countryConfirmed: false })).toEqual({
      country: 'de',
      evidence: { billingCountry: 'de', ipCountry: 'de', rule: 'BILLING_AND_IP_AGREE' },
    });
    expect(needsCountryConfirmation('de', 'de')).toBe(false);
  });

  it('they differ: refused with a message naming both countries until the buyer confirms', () => {
    expect(needsCountryConfirmation('de', 'at')).toBe(true);
    const refusal = (() => {
      try {
        settleBuyerCountry({ billingCountry: 'de', ipCountry: 'at', countryConfirmed: false });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'countryConfirmed',
      message: vatMessages.confirmCountry('de', 'at'),
    });
    expect((refusal as Error).message).toMatch(/Austria.*Germany/);
    expect(settleBuyerCountry({ billingCountry: 'de', ipCountry: 'at', countryConfirmed: true })).toEqual({
      country: 'de',
      evidence: { billingCountry: 'de', ipCountry: 'at', rule: 'BUYER_CONFIRMED' },
    });
  });

  it('an address that tells nothing also needs the confirmation (one piece of evidence is not two)', () => {
    expect(() =>
      settleBuyerCountry({ billingCountry: 'fr', ipCountry: null, countryConfirmed: false }),
    ).toThrow(vatMessages.confirmCountry('fr', null));
    expect(
      settleBuyerCountry({ billingCountry: 'fr', ipCountry: null, countryConfirmed: true }).evidence.rule,
    ).toBe('BUYER_CONFIRMED');
  });

  it('a card from another country than the taxed one is a conflict; no card country or no VAT is none', () => {
    expect(cardCountryConflict('de', 'AT')).toBe(true);
    expect(cardCountryConflict('de', 'de')).toBe(false);
    expect(cardCountryConflict('de', null)).toBe(false);
    expect(cardCountryConflict(undefined, 'de')).toBe(false);
  });
});

describe('a VAT ID at checkout', () => {
  it('checks the format and check digits, and normalises what people type', () => {
    expect(checkVatIdFormat('fr 11 123 456 782')).toEqual({
      ok: true,
      vatId: 'FR11123456782',
      country: 'fr',
    });
    expect(checkVatIdFormat('FR11123456783')).toEqual({ ok: false });
    expect(checkVatIdFormat('hello')).toEqual({ ok: false });
  });

  it('empty is a consumer; a malformed one or one from another country than the billing one is refused', () => {
    expect(buyerVatIdFor('', 'fr')).toBeNull();
    expect(buyerVatIdFor(undefined, 'fr')).toBeNull();
    expect(buyerVatIdFor('FR11123456782', 'fr')).toBe('FR11123456782');
    expect(() => buyerVatIdFor('FR123', 'fr')).toThrow(vatMessages.vatIdFormat);
    expect(() => buyerVatIdFor('FR11123456782', 'de')).toThrow(vatMessages.vatIdCountry('de'));
  });
});
