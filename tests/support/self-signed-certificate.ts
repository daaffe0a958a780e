import { execFile } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export type SelfSignedCertificate = {
  certFile: string;
  keyFile: string;
  /** The certificate in PEM, for a client that trusts it alone. */
  certPem: string;
  /** base64 SHA-256 of the public key: Chromium's `--ignore-certificate-errors-spki-list` trusts it alone. */
  spkiHash: string;
};

/** A two-day certificate for `localhost` and 127.0.0.1 (openssl), written into `dir`. */
export async function selfSignedCertificate(dir: string): Promise<SelfSignedCertificate> {
  const certFile = path.join(dir, 'localhost-cert.pem');
  const keyFile = path.join(dir, 'localhost-key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  const certPem = await fs.readFile(certFile, 'utf8');
  const spki = createPublicKey(certPem).export({ type: 'spki', format: 'der' });
  return { certFile, keyFile, certPem, spkiHash: createHash('sha256').update(spki).digest('base64') };
}
