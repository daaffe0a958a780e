import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff-to-sfnt';

const require = createRequire(import.meta.url);
const woff = readFileSync(
  require.resolve('@fontsource/titillium-web/files/titillium-web-latin-ext-700-normal.woff'),
);

describe('woffToSfnt', () => {
  it('gives the font the WOFF wraps: same tables, glyphs, character map and outlines', () => {
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const fromWoff = fontkit.create(woff) as fontkit.Font;
    const fromSfnt = fontkit.create(sfnt) as fontkit.Font;
    expect(fromSfnt.type).toBe('TTF');
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.characterSet).toEqual(fromWoff.characterSet);
    for (const char of 'ěščřžýáíéůŁ') {
      const codePoint = char.codePointAt(0)!;
      expect(fromSfnt.hasGlyphForCodePoint(codePoint)).toBe(fromWoff.hasGlyphForCodePoint(codePoint));
      expect(fromSfnt.glyphForCodePoint(codePoint).path.toSVG()).toBe(
        fromWoff.glyphForCodePoint(codePoint).path.toSVG(),
      );
    }
  });

  it('refuses a file that is not WOFF', () => {
    expect(() => woffToSfnt(Buffer.alloc(64))).toThrow('Not a WOFF 1.0 file');
  });
});
