import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePage, pageEncodingFor } from './html-encoding';

describe('pageEncodingFor', () => {
  it('prefers brotli, then gzip, and sends plain text when neither is taken', () => {
    expect(pageEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncodingFor('gzip, deflate')).toBe('gzip');
    expect(pageEncodingFor('deflate')).toBeNull();
    expect(pageEncodingFor('identity')).toBeNull();
    expect(pageEncodingFor('')).toBeNull();
    expect(pageEncodingFor(undefined)).toBeNull();
  });

  it('follows the weights, refuses q=0 and reads * as any encoding not named', () => {
    expect(pageEncodingFor('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(pageEncodingFor('br;q=0, gzip')).toBe('gzip');
    expect(pageEncodingFor('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncodingFor('*')).toBe('br');
    expect(pageEncodingFor('br;q=0, *;q=0.1')).toBe('gzip');
    expect(pageEncodingFor('GZIP')).toBe('gzip');
  });
});

describe('encodePage', () => {
  it('gives a page back as it was once decoded', async () => {
    const html = `<!doctype html><title>x</title>${'<p>skin</p>'.repeat(200)}`;
    expect(zlib.brotliDecompressSync(await encodePage(html, 'br')).toString()).toBe(html);
    expect(zlib.gunzipSync(await encodePage(html, 'gzip')).toString()).toBe(html);
    expect((await encodePage(html, 'br')).length).toBeLessThan(html.length / 10);
  });
});
