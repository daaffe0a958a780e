import fs from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/** The ISO 20022 schema of SEPA credit transfer files (kept in the repository, so a clone anywhere tests). */
export const PAIN_001_001_09_XSD = path.resolve(import.meta.dirname, '../fixtures/sepa/pain.001.001.09.xsd');

/** The schema errors of a pain.001.001.09 file (libxml2's validator): none for a valid file. */
export async function validateSepaXml(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'payouts.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.09.xsd', contents: await fs.readFile(PAIN_001_001_09_XSD, 'utf8') }],
  });
  return result.valid ? [] : result.errors.map((error) => error.message);
}
