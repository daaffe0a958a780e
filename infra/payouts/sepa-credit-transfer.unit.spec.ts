import { describe, expect, it } from 'vitest';
import { validateSepaXml as schemaErrors } from '../../tests/support/sepa-schema';
import {
  buildSepaCreditTransfer,
  SepaExportRefused,
  type SepaCreditor,
  type SepaCreditTransferInput,
  type SepaTransfer,
} from './sepa-credit-transfer';

const austrian: SepaCreditor = {
  name: 'Müller & Söhne',
  iban: 'AT611904300234573201',
  bic: 'BKAUATWW',
  street: 'Hauptstraße 12',
  city: 'Wien',
  country: 'at',
};
const czech: SepaCreditor = {
  name: 'Jiří Novák',
  iban: 'CZ6508000000192000145399',
  bic: 'GIBACZPX',
  street: 'Náměstí Míru 7',
  city: 'Brno',
  country: 'CZ',
};
const polish: SepaCreditor = {
  name: 'Łukasz Żółć',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  street: 'Große Straße 3',
  city: 'Łódź',
  country: 'Pl',
};

function transfer(endToEndId: string, amountCents: number, creditor: SepaCreditor = czech): SepaTransfer {
  return { endToEndId, amountCents, creditor, remittance: `TrackSkins author payout ${endToEndId}` };
}

function input(transfers: readonly SepaTransfer[]): SepaCreditTransferInput {
  return {
    messageId: 'TSP-BATCH-2026-05-01',
    createdAt: new Date('2026-05-01T09:30:15.678Z'),
    executionDate: '2026-05-04',
    debtor: { name: 'TrackSkins s.r.o.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    transfers,
  };
}

/** The texts of every element with that name, in document order. */
function texts(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

describe('SEPA credit transfer file (pain.001.001.09)', () => {
  it('writes one transfer as a file the schema accepts', async () => {
    const file = buildSepaCreditTransfer(input([transfer('TSP-42-1A2B3C', 1234)]));

    expect(await schemaErrors(file.xml)).toEqual([]);
    expect(file).toMatchObject({ numberOfTransactions: 1, controlSumCents: 1234 });
    expect(file.xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"');
    expect(texts(file.xml, 'CreDtTm')).toEqual(['2026-05-01T09:30:15Z']);
    expect(texts(file.xml, 'PmtInfId')).toEqual(['TSP-BATCH-2026-05-01']);
    expect(texts(file.xml, 'NbOfTxs')).toEqual(['1', '1']);
    expect(file.xml).toContain('<InstdAmt Ccy="EUR">12.34</InstdAmt>');
    expect(texts(file.xml, 'IBAN')).toEqual(['DE89370400440532013000', 'CZ6508000000192000145399']);
    expect(texts(file.xml, 'BICFI')).toEqual(['COBADEFFXXX', 'GIBACZPX']);
    expect(texts(file.xml, 'EndToEndId')).toEqual(['TSP-42-1A2B3C']);
    expect(texts(file.xml, 'Ustrd')).toEqual(['TrackSkins author payout TSP-42-1A2B3C']);
    expect(texts(file.xml, 'ChrgBr')).toEqual(['SLEV']);
  });

  it("carries the event log's head as a comment, and stays schema-valid", async () => {
    const head = `sha256:${'ab'.repeat(32)} (12 events in 3 streams, transactions before 812)`;
    const { xml } = buildSepaCreditTransfer({
      ...input([transfer('TSP-42-1A2B3C', 1234)]),
      eventLogHead: head,
    });
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain(`<!--TrackSkins event log head: ${head}-->`);
  });

  it('writes several transfers with names transliterated to the SEPA character set', async () => {
    const file = buildSepaCreditTransfer(
      input([
        transfer('TSP-1', 5000, czech),
        transfer('TSP-2', 700, polish),
        transfer('TSP-3', 99, austrian),
        transfer('TSP-4', 150, { ...austrian, name: 'Иван Петров', street: 'Тверская 1', city: 'Wien' }),
      ]),
    );

    expect(await schemaErrors(file.xml)).toEqual([]);
    expect(file.numberOfTransactions).toBe(4);
    expect(texts(file.xml, 'Nm')).toEqual([
      'TrackSkins s.r.o.',
      'TrackSkins s.r.o.',
      'Jiri Novak',
      'Lukasz Zolc',
      'Mueller Soehne',
      'Ivan Petrov',
    ]);
    expect(texts(file.xml, 'StrtNm')).toEqual([
      'Namesti Miru 7',
      'Grosse Strasse 3',
      'Hauptstrasse 12',
      'Tverskaya 1',
    ]);
    expect(texts(file.xml, 'TwnNm')).toEqual(['Brno', 'Lodz', 'Wien', 'Wien']);
    expect(texts(file.xml, 'Ctry')).toEqual(['CZ', 'PL', 'AT', 'AT']);
    expect(texts(file.xml, 'EndToEndId')).toEqual(['TSP-1', 'TSP-2', 'TSP-3', 'TSP-4']);
  });

  it('states the control sum, in both headers, as the exact sum of the amounts', async () => {
    const file = buildSepaCreditTransfer(
      input([transfer('TSP-1', 5000), transfer('TSP-2', 12345), transfer('TSP-3', 1)]),
    );

    expect(await schemaErrors(file.xml)).toEqual([]);
    expect(file.controlSumCents).toBe(17346);
    expect(texts(file.xml, 'InstdAmt')).toEqual(['50.00', '123.45', '0.01']);
    expect(texts(file.xml, 'CtrlSum')).toEqual(['173.46', '173.46']);
    expect(texts(file.xml, 'NbOfTxs')).toEqual(['3', '3']);
  });

  it('cuts texts to the schema lengths and normalises IBAN and BIC', async () => {
    const long = {
      ...czech,
      name: 'Žluťoučký kůň '.repeat(20),
      street: 'Dlouhá ulice '.repeat(10),
      city: 'Frýdlant nad Ostravicí u Frýdku-Místku',
      iban: 'cz65 0800 0000 1920 0014 5399',
      bic: 'gibaczpx',
    };
    const file = buildSepaCreditTransfer(
      input([{ ...transfer('TSP-9', 1), creditor: long, remittance: 'Výplata – ✓ '.repeat(30) }]),
    );

    expect(await schemaErrors(file.xml)).toEqual([]);
    const [, , name] = texts(file.xml, 'Nm');
    expect(name).toMatch(/^Zlutoucky kun Zlutoucky kun /);
    expect(name).toHaveLength(139); // 140 characters, less the cut word's trailing space
    expect(texts(file.xml, 'StrtNm')[0]).toMatch(/^Dlouha ulice Dlouha ulice /);
    expect(texts(file.xml, 'StrtNm')[0]?.length).toBeLessThanOrEqual(70);
    expect(texts(file.xml, 'TwnNm')).toEqual(['Frydlant nad Ostravici u Frydku-Mis']);
    expect(texts(file.xml, 'Ustrd')[0]).toMatch(/^Vyplata - Vyplata - /);
    expect(texts(file.xml, 'Ustrd')[0]?.length).toBeLessThanOrEqual(140);
    expect(texts(file.xml, 'IBAN')).toContain('CZ6508000000192000145399');
    expect(texts(file.xml, 'BICFI')).toContain('GIBACZPX');
  });

  it('has a validator that rejects a broken file', async () => {
    const { xml } = buildSepaCreditTransfer(input([transfer('TSP-1', 5000), transfer('TSP-2', 1)]));
    const withoutMethod = xml.replace('<PmtMtd>TRF</PmtMtd>', '');
    const withBadAmount = xml.replace('>50.00<', '>50.000001<');

    expect(withoutMethod).not.toBe(xml);
    expect((await schemaErrors(withoutMethod)).join('\n')).toMatch(/PmtMtd/);
    expect((await schemaErrors(withBadAmount)).join('\n')).toMatch(/InstdAmt/);
  });
});

describe('SEPA export refusals', () => {
  const refusals: [string, SepaTransfer[], RegExp][] = [
    [
      'an invalid IBAN',
      [transfer('TSP-1', 100, { ...czech, iban: 'CZ6508000000192000145398' })],
      /"TSP-1".*IBAN "CZ6508000000192000145398" is not valid/,
    ],
    [
      'a Brazilian IBAN, outside SEPA',
      [transfer('TSP-1', 100, { ...czech, iban: 'BR1800360305000010009795493C1' })],
      /"TSP-1".*IBAN BR1800360305000010009795493C1 is outside the SEPA area/,
    ],
    [
      'a Pakistani IBAN, outside SEPA',
      [transfer('TSP-1', 100, { ...czech, iban: 'PK36SCBL0000001123456702' })],
      /"TSP-1".*outside the SEPA area/,
    ],
    [
      'an invalid BIC',
      [transfer('TSP-1', 100), transfer('TSP-2', 100, { ...czech, bic: 'GIBA1ZPX' })],
      /"TSP-2".*BIC "GIBA1ZPX" is not valid/,
    ],
    ['a zero amount', [transfer('TSP-1', 0)], /"TSP-1".*amount 0 must be a positive whole number of cents/],
    ['a negative amount', [transfer('TSP-1', -500)], /"TSP-1".*amount -500 must be a positive/],
    ['a fractional amount', [transfer('TSP-1', 12.5)], /"TSP-1".*amount 12.5 must be a positive whole/],
    [
      'a duplicate end-to-end id',
      [transfer('TSP-1', 100), transfer('TSP-2', 100), transfer('TSP-1', 200)],
      /"TSP-1".*used by another transfer/,
    ],
    ['an end-to-end id over 35 characters', [transfer('X'.repeat(36), 100)], /1 to 35 characters/],
    ['an end-to-end id outside the SEPA charset', [transfer('TSP_1', 100)], /"TSP_1".*SEPA character set/],
    [
      'a name with no SEPA characters',
      [transfer('TSP-1', 100, { ...czech, name: '山田太郎' })],
      /"TSP-1".*creditor name "山田太郎" has no SEPA characters/,
    ],
    ['an unknown country', [transfer('TSP-1', 100, { ...czech, country: 'XX' })], /"TSP-1".*country "XX"/],
    ['no transfers', [], /there are no transfers/],
  ];

  it.each(refusals)('refuses %s', (_, transfers, message) => {
    const build = () => buildSepaCreditTransfer(input(transfers));
    expect(build).toThrow(SepaExportRefused);
    expect(build).toThrow(message);
  });

  it('refuses a bad debtor account, message id or execution date', () => {
    const good = input([transfer('TSP-1', 100)]);
    const refused = (change: Partial<SepaCreditTransferInput>) => () =>
      buildSepaCreditTransfer({ ...good, ...change });
    expect(refused({ debtor: { ...good.debtor, iban: 'PK36SCBL0000001123456702' } })).toThrow(
      /debtor IBAN .* outside the SEPA area/,
    );
    expect(refused({ messageId: 'TSP//1' })).toThrow(/message id "TSP\/\/1"/);
    expect(refused({ executionDate: '2026-02-30' })).toThrow(/execution date "2026-02-30"/);
  });

  it('names the faulty transfer on the error', () => {
    try {
      buildSepaCreditTransfer(input([transfer('TSP-1', 100), transfer('TSP-7', -1)]));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SepaExportRefused);
      expect((error as SepaExportRefused).endToEndId).toBe('TSP-7');
    }
  });
});
