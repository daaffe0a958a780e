import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPrecompressible, precompressDir } from './web-precompress';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'precompress-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes brotli and gzip siblings of text files that decode to the file', async () => {
    const script = 'export const skin = "red";\n'.repeat(500);
    await fs.mkdir(path.join(dir, 'static'));
    await fs.writeFile(path.join(dir, 'static', 'app.js'), script);
    await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>hi</p>'.repeat(100)}`);
    const result = await precompressDir(dir);
    expect(result.files).toBe(2);
    const br = await fs.readFile(path.join(dir, 'static', 'app.js.br'));
    const gz = await fs.readFile(path.join(dir, 'static', 'app.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 20);
    await expect(fs.stat(path.join(dir, 'index.html.br'))).resolves.toBeTruthy();
  });

  it('leaves pictures alone and writes no sibling that would not be smaller', async () => {
    await fs.writeFile(path.join(dir, 'photo.webp'), Buffer.alloc(4096, 7));
    await fs.writeFile(path.join(dir, 'tiny.txt'), 'a');
    await fs.writeFile(path.join(dir, 'tiny.txt.br'), 'stale');
    await precompressDir(dir);
    const names = (await fs.readdir(dir)).sort();
    expect(names).toEqual(['photo.webp', 'tiny.txt']);
  });

  it('knows the text files of a build', () => {
    for (const file of ['a.js', 'b.css', 'index.html', 'f.svg', 'm.webmanifest', 'robots.txt', 'x.json']) {
      expect(isPrecompressible(file)).toBe(true);
    }
    for (const file of ['a.png', 'b.woff2', 'c.webp', 'd.zip', 'app.js.br'])
      expect(isPrecompressible(file)).toBe(false);
  });
});
