import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../infra/storage/file-storage';
import { SkinFileCache } from './skin-file-cache';

/** A storage of files of given sizes that counts how often it is read. */
function storage(sizes: Record<string, number>) {
  const reads: string[] = [];
  const content = (name: string) => Buffer.alloc(sizes[name]!, name.charCodeAt(0));
  const fake: FileStorage = {
    put: async () => {},
    remove: async () => {},
    localFolder: () => null,
    read: async (_area, name) => {
      reads.push(name);
      return name in sizes ? content(name) : null;
    },
    open: async (_area, name) => {
      reads.push(name);
      return name in sizes ? { stream: Readable.from([content(name)]), size: sizes[name]! } : null;
    },
  };
  return { fake, reads };
}

const MB = 1024 * 1024;

describe('the skin file cache', () => {
  it('reads a small zip from storage once, then from memory', async () => {
    const { fake, reads } = storage({ 'a.zip': 1000 });
    const cache = new SkinFileCache(fake);
    const first = await cache.open('a.zip');
    const second = await cache.open('a.zip');
    expect(first).toMatchObject({ size: 1000 });
    expect(second && 'body' in second && second.body.length).toBe(1000);
    expect(reads.filter((name) => name === 'a.zip').length).toBe(1); // one open fills the cache
    expect(await cache.open('missing.zip')).toBeNull();
  });

  it('streams a large zip from storage every time', async () => {
    const { fake, reads } = storage({ 'big.zip': 9 * MB });
    const cache = new SkinFileCache(fake);
    expect(await cache.open('big.zip')).toHaveProperty('stream');
    expect(await cache.open('big.zip')).toHaveProperty('stream');
    expect(reads).toEqual(['big.zip', 'big.zip']);
  });

  it('keeps under 96 MB by forgetting the least recently downloaded', async () => {
    const sizes = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`f${i}.zip`, 8 * MB]));
    const { fake, reads } = storage(sizes);
    const cache = new SkinFileCache(fake);
    for (let i = 0; i < 12; i++) await cache.open(`f${i}.zip`); // 96 MB: all kept
    await cache.open('f0.zip'); // f0 is now the most recent
    await cache.open('f12.zip'); // over 96 MB: f1, the least recent, goes
    reads.length = 0;
    await cache.open('f0.zip');
    await cache.open('f2.zip');
    expect(reads).toEqual([]);
    await cache.open('f1.zip');
    expect(reads).toEqual(['f1.zip']);
  });
});
