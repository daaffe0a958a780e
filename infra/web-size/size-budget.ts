import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { compressedSize, firstLoadFiles, viteManifestSchema } from './first-load';
import type { CompressedSize, ViteManifest } from './first-load';

/** web/size-budgets.json: each page's lazy chunks and its first-load ceiling, brotli kilobytes (1000 B). */
export const sizeBudgetsSchema = z.object({
  pages: z.array(
    z.object({
      name: z.string(),
      /** Manifest keys of the lazy chunks the page's first render opens (its route, its layout). */
      chunks: z.array(z.string()),
      jsKb: z.number().positive(),
      cssKb: z.number().positive(),
    }),
  ),
});
export type SizeBudgets = z.infer<typeof sizeBudgetsSchema>;

export interface PageSize {
  name: string;
  js: CompressedSize;
  css: CompressedSize;
  jsFiles: number;
  cssFiles: number;
  jsKb: number;
  cssKb: number;
  /** What is over budget, in words; empty when the page fits. */
  overruns: string[];
}

const KB = 1000;

/** Measures every page of the budget file against a build and says which ones grew past their ceiling. */
export async function measurePages(
  manifest: ViteManifest,
  budgets: SizeBudgets,
  readBuilt: (file: string) => Promise<Buffer>,
): Promise<PageSize[]> {
  const cache = new Map<string, Promise<Buffer>>();
  const read = (file: string) => {
    if (!cache.has(file)) cache.set(file, readBuilt(file));
    return cache.get(file)!;
  };
  const results: PageSize[] = [];
  for (const page of budgets.pages) {
    const files = firstLoadFiles(manifest, page.chunks);
    const js = compressedSize(await Promise.all(files.js.map(read)));
    const css = compressedSize(await Promise.all(files.css.map(read)));
    const overruns: string[] = [];
    if (js.brotli > page.jsKb * KB)
      overruns.push(`${page.name}: JavaScript ${(js.brotli / KB).toFixed(1)} kB > ${page.jsKb} kB`);
    if (css.brotli > page.cssKb * KB)
      overruns.push(`${page.name}: CSS ${(css.brotli / KB).toFixed(1)} kB > ${page.cssKb} kB`);
    results.push({
      name: page.name,
      js,
      css,
      jsFiles: files.js.length,
      cssFiles: files.css.length,
      jsKb: page.jsKb,
      cssKb: page.cssKb,
      overruns,
    });
  }
  return results;
}

/** Reads a Vite build directory (with .vite/manifest.json) and the budget file, and measures every page. */
export async function measureBuild(distDir: string, budgetFile: string): Promise<PageSize[]> {
  const manifest = viteManifestSchema.parse(
    JSON.parse(await fs.readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')),
  );
  const budgets = sizeBudgetsSchema.parse(JSON.parse(await fs.readFile(budgetFile, 'utf8')));
  return measurePages(manifest, budgets, (file) => fs.readFile(path.join(distDir, file)));
}
