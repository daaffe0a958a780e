import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger';
import { writeAppIcons } from './web-icons';
import { precompressDir } from './web-precompress';

const INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'vite.config.ts',
  'postcss.config.cjs',
  'package-lock.json',
];
const STAMP = '.build-stamp';
/**
 * What the build does after Vite, as part of the stamp: a build made before a step was added (no
 * .br siblings, no icons) does not match and is made again.
 */
const POST_BUILD_STEPS = 'precompressed-v1,icons-v1';

async function listFiles(entry: string): Promise<string[]> {
  const stat = await fs.stat(entry).catch(() => null);
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  const children = await fs.readdir(entry);
  const nested = await Promise.all(children.map((child) => listFiles(path.join(entry, child))));
  return nested.flat();
}

/** A digest of everything the web build reads, so a start rebuilds only when the sources changed. */
async function sourceDigest(root: string): Promise<string> {
  const files = (await Promise.all(INPUTS.map((input) => listFiles(path.join(root, input))))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(await fs.readFile(file));
  }
  hash.update(POST_BUILD_STEPS);
  return hash.digest('hex');
}

/** Builds the web app with Vite unless `distDir` already holds a build of the current sources. */
export async function buildWebAppIfNeeded(root: string, distDir: string, log: Logger): Promise<void> {
  const digest = await sourceDigest(root);
  const built = await fs.readFile(path.join(distDir, STAMP), 'utf8').catch(() => null);
  if (built === digest) return;
  log.info('building the web app (first start or changed sources)…');
  await buildWebApp(root, distDir, log, digest);
}

/**
 * Builds the web app with Vite, renders its PNG icons and writes the compressed siblings of its
 * text files, then stamps the build with the digest of its sources.
 */
export async function buildWebApp(
  root: string,
  distDir: string,
  log: Logger,
  digest?: string,
): Promise<void> {
  const started = Date.now();
  const stamp = digest ?? (await sourceDigest(root));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      // Always the production build, even when started from a test run (NODE_ENV=test). The child
      // gets the environment as it is; nothing here reads configuration from it.
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
  await writeAppIcons(distDir);
  // Compressed once here at the highest levels, instead of on every request (docs/performance.md).
  const compressed = await precompressDir(distDir);
  await fs.writeFile(path.join(distDir, STAMP), stamp);
  log.info({ seconds: (Date.now() - started) / 1000, ...compressed }, 'web app built');
}
