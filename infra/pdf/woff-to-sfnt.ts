import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font file as the TrueType/OpenType (sfnt) file it wraps (W3C WOFF File Format 1.0,
 * section 5 and 6): the same tables, each inflated when it was compressed. fontkit reads WOFF
 * itself, but inflates a table again on every access (in JavaScript), which made a one-page PDF
 * cost most of a second of CPU; from the sfnt it reads the tables as they are.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF 1.0 file (no wOFF signature).');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error(`WOFF table ${index} inflates to the wrong length.`);
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  // The sfnt directory lists tables in ascending tag order (WOFF keeps that order too).
  tables.sort((a, b) => a.tag - b.tag);
  const pad4 = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + 16 * numTables;
  const size = tables.reduce((sum, table) => sum + pad4(table.data.length), headerLength);
  const sfnt = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += pad4(table.data.length);
  });
  return sfnt;
}
