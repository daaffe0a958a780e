import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { create } from 'xmlbuilder2';
import { isCountryCode } from '../../domain/accounts/countries';
import {
  SEPA_CHARACTERS,
  SEPA_NAME_MAX,
  SEPA_STREET_MAX,
  SEPA_TOWN_MAX,
  toSepaText,
} from '../../domain/payouts/sepa-text';

/**
 * Writes author payouts as one ISO 20022 SEPA credit transfer file (pain.001.001.09) to upload to
 * the marketplace's bank. Everything is checked before a byte is written: the bank would reject the
 * whole file for one bad transfer, so a bad transfer refuses the whole export.
 */

export type SepaParty = { name: string; iban: string; bic: string };
export type SepaCreditor = SepaParty & {
  street: string;
  city: string;
  /** Two-letter country code, any case. */
  country: string;
};
export type SepaTransfer = {
  /** Unique reference of the transfer, max 35 chars, SEPA charset, e.g. "TSP-42-1A2B3C" */
  endToEndId: string;
  /** Integer euro cents, > 0. */
  amountCents: number;
  creditor: SepaCreditor;
  /** Unstructured remittance info, cut to 140 chars, e.g. "TrackSkins author payout 42" */
  remittance: string;
};
export type SepaCreditTransferInput = {
  /** <= 35 chars, SEPA charset; also used as the payment information id. */
  messageId: string;
  createdAt: Date;
  /** Requested execution date, YYYY-MM-DD. */
  executionDate: string;
  /** The marketplace's own account. */
  debtor: SepaParty;
  /** At least one. */
  transfers: readonly SepaTransfer[];
  /** The event log's head (infra/event-store/event-chain.ts), written as a comment in Document. */
  eventLogHead?: string;
};
export type SepaCreditTransferFile = { xml: string; numberOfTransactions: number; controlSumCents: number };

export class SepaExportRefused extends Error {
  constructor(
    message: string,
    /** The transfer at fault, or undefined when the file as a whole (or the debtor) is. */
    readonly endToEndId?: string,
  ) {
    super(message);
    this.name = 'SepaExportRefused';
  }
}

export const PAIN_001_001_09_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** The EPC's maximum amount of one SEPA credit transfer: 999,999,999.99 EUR. */
const MAX_AMOUNT_CENTS = 99_999_999_999;

const NAME_MAX = SEPA_NAME_MAX;
const STREET_MAX = SEPA_STREET_MAX;
const TOWN_MAX = SEPA_TOWN_MAX;
const REMITTANCE_MAX = 140;
const ID_MAX = 35;

/** The SEPA Latin character set (domain/payouts/sepa-text.ts); banks may reject or garble anything else. */
const SEPA_CHARS = SEPA_CHARACTERS;

/** "12.34" from 1234, with integer arithmetic only. */
export function formatEuroCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Identifiers are compared and reconciled as given, so they are checked, not transliterated. The EPC
 * also forbids a leading or trailing "/" and "//" inside.
 */
function identifierProblem(id: string): string | null {
  if (id.length === 0 || id.length > ID_MAX) return `must be 1 to ${ID_MAX} characters long`;
  if (!SEPA_CHARS.test(id)) return 'has characters outside the SEPA character set';
  if (id.startsWith('/') || id.endsWith('/') || id.includes('//')) {
    return 'must not start or end with "/" nor contain "//"';
  }
  return null;
}

/** The account in the form the file needs, or a refusal naming `who`. */
function checkedAccount(
  party: SepaParty,
  who: string,
  refuse: (what: string) => never,
): { name: string; iban: string; bic: string } {
  const name = toSepaText(party.name, NAME_MAX);
  if (name === '') refuse(`${who} name ${JSON.stringify(party.name)} has no SEPA characters`);
  const iban = electronicFormatIBAN(party.iban) ?? '';
  if (!isValidIBAN(iban)) refuse(`${who} IBAN ${JSON.stringify(party.iban)} is not valid`);
  if (!isSEPACountry(iban.slice(0, 2))) refuse(`${who} IBAN ${iban} is outside the SEPA area`);
  const bic = party.bic.replace(/\s+/g, '').toUpperCase();
  if (!isValidBIC(bic)) refuse(`${who} BIC ${JSON.stringify(party.bic)} is not valid`);
  return { name, iban, bic };
}

function requiredText(value: string, max: number, field: string, refuse: (what: string) => never): string {
  const text = toSepaText(value, max);
  if (text === '') refuse(`${field} ${JSON.stringify(value)} has no SEPA characters`);
  return text;
}

export function buildSepaCreditTransfer(input: SepaCreditTransferInput): SepaCreditTransferFile {
  const refuseFile = (what: string): never => {
    throw new SepaExportRefused(`SEPA export refused: ${what}.`);
  };

  const messageIdProblem = identifierProblem(input.messageId);
  if (messageIdProblem) refuseFile(`message id ${JSON.stringify(input.messageId)} ${messageIdProblem}`);
  if (Number.isNaN(input.createdAt.getTime())) refuseFile('the creation time is not a valid date');
  if (!isIsoDate(input.executionDate)) {
    refuseFile(`execution date ${JSON.stringify(input.executionDate)} is not a YYYY-MM-DD date`);
  }
  if (input.transfers.length === 0) refuseFile('there are no transfers');
  const debtor = checkedAccount(input.debtor, 'debtor', refuseFile);

  const seen = new Set<string>();
  let controlSumCents = 0;
  const transactions = input.transfers.map((transfer) => {
    const ref = transfer.endToEndId;
    const refuse = (what: string): never => {
      throw new SepaExportRefused(`SEPA export refused: transfer ${JSON.stringify(ref)}: ${what}.`, ref);
    };
    const idProblem = identifierProblem(ref);
    if (idProblem) refuse(`the end-to-end id ${idProblem}`);
    if (seen.has(ref)) refuse('the end-to-end id is used by another transfer of the file');
    seen.add(ref);

    const cents = transfer.amountCents;
    if (!Number.isSafeInteger(cents) || cents <= 0) {
      refuse(`the amount ${cents} must be a positive whole number of cents`);
    }
    if (cents > MAX_AMOUNT_CENTS)
      refuse(`the amount ${formatEuroCents(cents)} EUR is above the SEPA maximum`);
    controlSumCents += cents;

    const { creditor } = transfer;
    const account = checkedAccount(creditor, 'creditor', refuse);
    const country = creditor.country.trim().toUpperCase();
    if (!isCountryCode(country.toLowerCase())) {
      refuse(`creditor country ${JSON.stringify(creditor.country)} is not a two-letter country code`);
    }

    // Element order as in CreditTransferTransaction34 of the schema.
    return {
      PmtId: { EndToEndId: ref },
      Amt: { InstdAmt: { '@Ccy': 'EUR', '#': formatEuroCents(cents) } },
      CdtrAgt: { FinInstnId: { BICFI: account.bic } },
      Cdtr: {
        Nm: account.name,
        PstlAdr: {
          StrtNm: requiredText(creditor.street, STREET_MAX, 'creditor street', refuse),
          TwnNm: requiredText(creditor.city, TOWN_MAX, 'creditor city', refuse),
          Ctry: country,
        },
      },
      CdtrAcct: { Id: { IBAN: account.iban } },
      RmtInf: { Ustrd: requiredText(transfer.remittance, REMITTANCE_MAX, 'remittance', refuse) },
    };
  });
  if (!Number.isSafeInteger(controlSumCents)) refuseFile('the control sum is too large');

  const numberOfTransactions = transactions.length;
  const controlSum = formatEuroCents(controlSumCents);
  // Element order as in GroupHeader85 and PaymentInstruction30 of the schema.
  const document = {
    Document: {
      '@xmlns': PAIN_001_001_09_NAMESPACE,
      // A comment: schema validation ignores it, a bookkeeper keeps it with the file.
      ...(input.eventLogHead
        ? { '!': `TrackSkins event log head: ${input.eventLogHead.replaceAll('--', '- -')}` }
        : {}),
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: input.messageId,
          CreDtTm: input.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          NbOfTxs: String(numberOfTransactions),
          CtrlSum: controlSum,
          InitgPty: { Nm: debtor.name },
        },
        PmtInf: {
          PmtInfId: input.messageId,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: String(numberOfTransactions),
          CtrlSum: controlSum,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: { Dt: input.executionDate },
          Dbtr: { Nm: debtor.name },
          DbtrAcct: { Id: { IBAN: debtor.iban } },
          DbtrAgt: { FinInstnId: { BICFI: debtor.bic } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: transactions,
        },
      },
    },
  };
  const xml = create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true });
  return { xml, numberOfTransactions, controlSumCents };
}

/** A real calendar date written YYYY-MM-DD. */
function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
