import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The built files worth compressing: text. Pictures and fonts (woff2) are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;

/** Whether a built file gets .br and .gz siblings. */
export function isPrecompressible(file: string): boolean {
  return TEXT_FILE.test(file);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    }),
  );
  return nested.flat();
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of a
 * build, so the server sends them as they are instead of compressing on every request. A sibling
 * that would not be smaller is not written (the server then sends the file itself).
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; brBytes: number }> {
  const files = (await filesUnder(dir)).filter(isPrecompressible);
  let bytes = 0;
  let brBytes = 0;
  const compressOne = async (file: string) => {
    const content = await fs.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    bytes += content.length;
    brBytes += Math.min(br.length, content.length);
    // A stale sibling from an earlier build must not outlive its file's new content.
    for (const [target, compressed] of [
      [`${file}.br`, br],
      [`${file}.gz`, gz],
    ] as const) {
      if (compressed.length < content.length) await fs.writeFile(target, compressed);
      else await fs.rm(target, { force: true });
    }
  };
  // zlib's asynchronous calls run on libuv's thread pool: one file per core at a time.
  let next = 0;
  const worker = async () => {
    while (next < files.length) await compressOne(files[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  return { files: files.length, bytes, brBytes };
}
