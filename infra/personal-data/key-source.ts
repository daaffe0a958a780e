import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { KEY_BYTES, KeyEncryptionKey } from './field-cipher';
import { PersonalDataVault } from './personal-data-vault';

/**
 * The key the tests and benches use when they build a store without one: never a deployment's (the
 * app and the operator commands load theirs with `loadKeyEncryptionKey`).
 */
const TEST_KEY = Buffer.from('trackskins-test-personal-data-k!', 'utf8');

let testVault: PersonalDataVault | null = null;
/** One vault on the test key per process, so a test's stores read each other's events. */
export function testPersonalDataVault(): PersonalDataVault {
  testVault ??= new PersonalDataVault(new KeyEncryptionKey(TEST_KEY));
  return testVault;
}

export class MissingPersonalDataKeyError extends Error {
  override name = 'MissingPersonalDataKeyError';
}

/**
 * The key-encryption key: PERSONAL_DATA_KEY when set; otherwise the one kept in
 * `$DATA_DIR/secrets/personal-data-key` (as the token secret is). Production never makes one: a key
 * made on a new machine could not open what an earlier one encrypted, so a missing key stops the
 * start. In development one is made once and kept; tests use the fixed test key.
 */
export async function loadKeyEncryptionKey(config: {
  env: 'development' | 'production' | 'test';
  dataDir: string;
  personalData: { key: Buffer | undefined };
}): Promise<KeyEncryptionKey> {
  if (config.personalData.key) return new KeyEncryptionKey(config.personalData.key);
  const file = path.join(config.dataDir, 'secrets', 'personal-data-key');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return new KeyEncryptionKey(Buffer.from(existing.trim(), 'base64'));
  if (config.env === 'production') {
    throw new MissingPersonalDataKeyError(
      `No personal-data key: set PERSONAL_DATA_KEY (openssl rand -base64 32) or put it in ${file}. ` +
        'Keep it apart from the backups, and never lose it: without it no personal data in the events can be read.',
    );
  }
  if (config.env === 'test') return new KeyEncryptionKey(TEST_KEY);
  const secret = randomBytes(KEY_BYTES);
  // DATA_DIR itself with the usual mode (the embedded PostgreSQL's user must enter it), only the secrets folder private.
  await fs.mkdir(config.dataDir, { recursive: true });
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs
    .writeFile(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' })
    .catch(async (error: unknown) => {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  return new KeyEncryptionKey(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64'));
}

export async function loadPersonalDataVault(
  config: Parameters<typeof loadKeyEncryptionKey>[0],
): Promise<PersonalDataVault> {
  if (config.env === 'test' && !config.personalData.key) return testPersonalDataVault();
  return new PersonalDataVault(await loadKeyEncryptionKey(config));
}
