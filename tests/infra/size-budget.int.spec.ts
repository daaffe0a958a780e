import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/logger';
import { buildWebAppIfNeeded } from '../../infra/web-build';
import { measureBuild } from '../../infra/web-size/size-budget';
import type { PageSize } from '../../infra/web-size/size-budget';

const root = path.resolve('.');
const distDir = path.join(root, 'web', 'dist');

// The first-load budget of every page listed in web/size-budgets.json, measured on the production build
// (the one npm start and the browser tests serve; built here when the sources changed).
describe('web first-load size budgets', () => {
  let pages: PageSize[];

  beforeAll(async () => {
    await buildWebAppIfNeeded(root, distDir, createLogger({ level: 'warn' }));
    pages = await measureBuild(distDir, path.join(root, 'web', 'size-budgets.json'));
  }, 300_000);

  it('keeps every page within its JavaScript and CSS budget (brotli)', () => {
    const table = pages.map(
      (page) =>
        `${page.name}: JS ${(page.js.brotli / 1000).toFixed(1)}/${page.jsKb} kB, CSS ${(page.css.brotli / 1000).toFixed(1)}/${page.cssKb} kB`,
    );
    expect(
      pages.flatMap((page) => page.overruns),
      table.join('\n'),
    ).toEqual([]);
  });

  it('measures the pages the budget file names', () => {
    expect(pages.map((page) => page.name)).toEqual(
      expect.arrayContaining(['home', 'skins', 'skin', 'bundles', 'bundle', 'authors', 'author']),
    );
  });
});
