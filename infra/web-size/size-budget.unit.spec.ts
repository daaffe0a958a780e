import { describe, expect, it } from 'vitest';
import { firstLoadFiles } from './first-load';
import type { ViteManifest } from './first-load';
import { measurePages } from './size-budget';
import type { SizeBudgets } from './size-budget';

/** Bytes that do not compress (a seeded generator, so the sizes are the same on every run). */
function incompressible(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[index] = state >>> 16;
  }
  return bytes;
}

// index.html loads the shell; the home route's lazy chunk imports a shared card chunk and opens a
// dialog chunk only on demand.
const manifest: ViteManifest = {
  'index.html': { file: 'static/index.js', isEntry: true, imports: ['_react.js'], css: ['static/index.css'] },
  '_react.js': { file: 'static/react.js' },
  '_card.js': { file: 'static/card.js', css: ['static/card.css'] },
  'src/home-page.tsx': {
    file: 'static/home-page.js',
    isDynamicEntry: true,
    imports: ['_card.js', '_react.js'],
    css: ['static/home-page.css'],
  },
  'src/dialog.tsx': { file: 'static/dialog.js', isDynamicEntry: true, imports: ['_card.js'] },
  'src/editor-page.tsx': { file: 'static/editor-page.js', isDynamicEntry: true, imports: ['_react.js'] },
};

const budgets: SizeBudgets = {
  pages: [
    { name: 'home', chunks: ['src/home-page.tsx'], jsKb: 10, cssKb: 3 },
    { name: 'editor', chunks: ['src/editor-page.tsx'], jsKb: 20, cssKb: 3 },
  ],
};

function build(sizes: Record<string, number>) {
  return async (file: string) => incompressible(sizes[file] ?? 100, file.length);
}

describe('firstLoadFiles', () => {
  it("collects the entry, the page's lazy chunk and their static imports with their CSS, once each", () => {
    expect(firstLoadFiles(manifest, ['src/home-page.tsx'])).toEqual({
      js: ['static/card.js', 'static/home-page.js', 'static/index.js', 'static/react.js'],
      css: ['static/card.css', 'static/home-page.css', 'static/index.css'],
    });
  });

  it('leaves out the lazy chunks the page does not open', () => {
    const { js } = firstLoadFiles(manifest, ['src/editor-page.tsx']);
    expect(js).not.toContain('static/dialog.js');
    expect(js).not.toContain('static/card.js');
  });

  it('refuses a chunk the build does not have (a renamed page must update the budget file)', () => {
    expect(() => firstLoadFiles(manifest, ['src/gone-page.tsx'])).toThrow(/no chunk src\/gone-page.tsx/);
  });
});

describe('measurePages', () => {
  it('passes pages within their budgets', async () => {
    const pages = await measurePages(manifest, budgets, build({ 'static/index.js': 4000 }));
    expect(pages.flatMap((page) => page.overruns)).toEqual([]);
    const home = pages.find((page) => page.name === 'home')!;
    expect(home.jsFiles).toBe(4);
    expect(home.js.raw).toBe(4000 + 300);
    // Incompressible bytes stay about their size under brotli and gzip.
    expect(home.js.brotli).toBeGreaterThan(4000);
    expect(home.js.gzip).toBeGreaterThan(4000);
  });

  it("fails a page whose JavaScript grows past its budget, and only that page's", async () => {
    // A shared card chunk grown by 8 kB: the home page loads it, the editor does not.
    const pages = await measurePages(
      manifest,
      budgets,
      build({ 'static/index.js': 4000, 'static/card.js': 8000 }),
    );
    expect(pages.flatMap((page) => page.overruns)).toEqual([
      expect.stringMatching(/^home: JavaScript 1\d\.\d kB > 10 kB$/),
    ]);
  });

  it('fails a page whose CSS grows past its budget', async () => {
    const pages = await measurePages(manifest, budgets, build({ 'static/index.css': 3500 }));
    expect(pages.flatMap((page) => page.overruns)).toEqual([
      expect.stringMatching(/^home: CSS 3\.\d kB > 3 kB$/),
      expect.stringMatching(/^editor: CSS 3\.\d kB > 3 kB$/),
    ]);
  });
});
