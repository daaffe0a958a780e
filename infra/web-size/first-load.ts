import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';

/** The part of Vite's build manifest (build.manifest) that says which files a chunk needs. */
const manifestChunkSchema = z.object({
  file: z.string(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
export const viteManifestSchema = z.record(z.string(), manifestChunkSchema);
export type ViteManifest = z.infer<typeof viteManifestSchema>;

/** What a page needs before it shows: the entry's files, then each lazy chunk its first render opens. */
export interface FirstLoadFiles {
  js: string[];
  css: string[];
}

/**
 * The built files a browser fetches for a page's first render: the entry (index.html) chunk, the
 * page's lazy chunks (its route, its layout), every chunk they import statically, and their CSS.
 * Dynamic imports inside them (a dialog, a chart) load later and do not count.
 */
export function firstLoadFiles(manifest: ViteManifest, chunkKeys: readonly string[]): FirstLoadFiles {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entryKeys.length !== 1)
    throw new Error(`expected one entry in the manifest, found ${entryKeys.length}`);
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entryKeys, ...chunkKeys]) visit(key);
  return { js: [...js].sort(), css: [...css].sort() };
}

export interface CompressedSize {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes as the server sends them precompressed: brotli at its best quality, gzip at level 9. */
export function compressedSize(contents: readonly Buffer[]): CompressedSize {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const content of contents) {
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).length;
  }
  return { raw, gzip, brotli };
}
