import zlib from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, read back through each font's ToUnicode map (no PDF parser
 * is installed; this reads only what pdfkit writes: indirect objects, Flate streams, `Tf` and `TJ`
 * with hex glyph strings, `bfrange` maps in array form). Text runs of one `TJ` are joined; runs of
 * different operators are separated by a newline.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = match[2]!;
    const streamAt = body.indexOf('\nstream\n');
    if (streamAt < 0) {
      objects.set(match[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const raw = Buffer.from(body.slice(streamAt + 8, body.lastIndexOf('\nendstream')), 'latin1');
    const stream = dict.includes('/FlateDecode')
      ? zlib.inflateSync(raw).toString('latin1')
      : raw.toString('latin1');
    objects.set(match[1]!, { dict, stream });
  }
  const unicodeMaps = new Map<string, Map<number, string>>();
  const mapOfFont = (fontRef: string) => {
    let map = unicodeMaps.get(fontRef);
    if (map) return map;
    map = new Map();
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontRef)?.dict ?? '')?.[1];
    const cmap = toUnicode ? (objects.get(toUnicode)?.stream ?? '') : '';
    for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const start = parseInt(range[1]!, 16);
      [...range[3]!.matchAll(/<([0-9a-f]+)>/gi)].forEach((target, index) => {
        const hex = target[1]!;
        const units = hex.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
        map!.set(start + index, String.fromCharCode(...units));
      });
    }
    unicodeMaps.set(fontRef, map);
    return map;
  };
  const lines: string[] = [];
  for (const page of objects.values()) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    const resources = objects.get(/\/Resources (\d+) 0 R/.exec(page.dict)?.[1] ?? '')?.dict ?? '';
    const fonts = new Map(
      [...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map((match) => [match[1]!, match[2]!] as const),
    );
    const content = objects.get(/\/Contents (\d+) 0 R/.exec(page.dict)?.[1] ?? '')?.stream ?? '';
    let font = '';
    for (const op of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[-\d.\s])*)\] TJ/gi)) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? '';
        continue;
      }
      const map = mapOfFont(font);
      const text = [...op[2]!.matchAll(/<([0-9a-f]*)>/gi)]
        .flatMap((hex) => hex[1]!.match(/.{4}/g) ?? [])
        .map((glyph) => map.get(parseInt(glyph, 16)) ?? '\ufffd')
        .join('');
      lines.push(text);
    }
  }
  return lines.join('\n');
}
