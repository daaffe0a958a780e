import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutDestinationOf, sepaTextMessage, sepaTextProblems } from './payout-destination';
import { hasSepaText, SEPA_CHARACTERS, toSepaText } from './sepa-text';

describe('toSepaText', () => {
  it.each([
    ['Иван Петров', 'Ivan Petrov'],
    ['Тверская 1', 'Tverskaya 1'],
    ['Jiří Novák', 'Jiri Novak'],
    ['Łukasz Żółć', 'Lukasz Zolc'],
    ['Große Straße 3', 'Grosse Strasse 3'],
    ['Ελένη', 'Eleni'],
    ['O’Brien & Søn', "O'Brien Son"],
    ['山田太郎', ''],
  ])('writes %j as %j', (typed, sent) => expect(toSepaText(typed)).toBe(sent));

  it('always answers text of the SEPA character set, at most max characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.integer({ min: 1, max: 140 }),
        (text, max) => {
          const sent = toSepaText(text, max);
          expect(SEPA_CHARACTERS.test(sent)).toBe(true);
          expect(sent.length).toBeLessThanOrEqual(max);
          expect(sent).toBe(sent.trim());
        },
      ),
    );
  });

  it('tells which texts a transfer can carry', () => {
    expect(hasSepaText('Иван')).toBe(true);
    expect(hasSepaText('山田')).toBe(false);
    expect(hasSepaText('  ')).toBe(false);
  });
});

describe('the one SEPA rule at save and at the lock', () => {
  const bank = {
    payoutMethod: 'BANK_TRANSFER' as const,
    fullname: 'Иван Петров',
    paypalAccount: null,
    street: 'Тверская 1',
    city: 'Praha',
    country: 'cz',
    bankAccountIban: 'DE89370400440532013000',
    bankAccountBic: 'COBADEFFXXX',
  };

  it('accepts a Cyrillic name and address, keeping them as typed for the file to transliterate', () => {
    expect(sepaTextProblems(bank)).toEqual([]);
    expect(payoutDestinationOf(bank).destination).toMatchObject({
      name: 'Иван Петров',
      street: 'Тверская 1',
    });
  });

  it('names every field no SEPA file could carry, and the lock refuses the same', () => {
    const han = { ...bank, fullname: '山田太郎', city: '東京' };
    expect(sepaTextProblems(han)).toEqual([
      { field: 'fullname', message: sepaTextMessage('full name') },
      { field: 'city', message: sepaTextMessage('city') },
    ]);
    expect(payoutDestinationOf(han)).toEqual({
      destination: null,
      missing: 'the full name, city cannot be written in Latin letters.',
    });
  });
});
