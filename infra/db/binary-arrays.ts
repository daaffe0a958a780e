import { sql } from 'slonik';

/**
 * Typed array parameters sent in PostgreSQL's binary form, for `insert … select from unnest(…)`
 * of a large batch: `sql.array` sends a text literal that this process quotes element by element
 * and the server parses back, which took about as long as the insert itself on a replay's
 * batches. Here each element is written as the server stores it (a uuid's 16 bytes, an int4's
 * four) behind a length, and the server reads it without parsing. `null` elements are allowed.
 */
export const uuidArray = (values: readonly (string | null)[]) =>
  sql.fragment`${sql.binary(encodeArray(UUID_OID, values, 16, writeUuid))}::uuid[]`;

export const textArray = (values: readonly (string | null)[]) => {
  const lengths = values.map((value) => (value === null ? -1 : Buffer.byteLength(value)));
  const buffer = encodeArray(TEXT_OID, values, lengths, (target, at, value, i) => {
    target.write(value, at, lengths[i]!, 'utf8');
  });
  return sql.fragment`${sql.binary(buffer)}::text[]`;
};

export const int4Array = (values: readonly (number | null)[]) =>
  sql.fragment`${sql.binary(encodeArray(INT4_OID, values, 4, writeInt4))}::int4[]`;

export const int8Array = (values: readonly (number | null)[]) =>
  sql.fragment`${sql.binary(encodeArray(INT8_OID, values, 8, writeInt8))}::int8[]`;

const UUID_OID = 2950;
const TEXT_OID = 25;
const INT4_OID = 23;
const INT8_OID = 20;
const HEADER_BYTES = 20;

/**
 * array_send's layout: dimensions (1), whether any element is null, the element type, then the
 * dimension's length and lower bound (1), then each element as its byte length (-1: null) and bytes.
 */
function encodeArray<T>(
  elementType: number,
  values: readonly (T | null)[],
  size: number | readonly number[],
  write: (target: Buffer, at: number, value: T, index: number) => void,
): Buffer {
  let bytes = HEADER_BYTES + 4 * values.length;
  let hasNull = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i] === null) hasNull = 1;
    else bytes += typeof size === 'number' ? size : size[i]!;
  }
  const buffer = Buffer.allocUnsafe(bytes);
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(hasNull, 4);
  buffer.writeInt32BE(elementType, 8);
  buffer.writeInt32BE(values.length, 12);
  buffer.writeInt32BE(1, 16);
  let at = HEADER_BYTES;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value === null) {
      buffer.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    const length = typeof size === 'number' ? size : size[i]!;
    buffer.writeInt32BE(length, at);
    write(buffer, at + 4, value, i);
    at += 4 + length;
  }
  return buffer;
}

// Indexed by UTF-16 code unit, so that any character looks up a digit or -1.
const HEX_VALUE = new Int8Array(65_536).fill(-1);
for (const [digit, value] of [...'0123456789abcdef'].entries()) {
  HEX_VALUE[value.charCodeAt(0)] = digit;
  HEX_VALUE[value.toUpperCase().charCodeAt(0)] = digit;
}
/** Where each of a uuid's 16 bytes is in its text (8-4-4-4-12 hex digits). */
const UUID_BYTE_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/** A uuid in its canonical text form (8-4-4-4-12 hex digits, either case) as its 16 bytes. */
function writeUuid(target: Buffer, at: number, value: string) {
  let valid =
    value.length === 36 &&
    value.charCodeAt(8) === 45 &&
    value.charCodeAt(13) === 45 &&
    value.charCodeAt(18) === 45 &&
    value.charCodeAt(23) === 45;
  for (let i = 0; valid && i < 16; i++) {
    const high = HEX_VALUE[value.charCodeAt(UUID_BYTE_AT[i]!)]!;
    const low = HEX_VALUE[value.charCodeAt(UUID_BYTE_AT[i]! + 1)]!;
    valid = (high | low) >= 0;
    target[at + i] = (high << 4) | low;
  }
  if (!valid) throw new TypeError(`Not a uuid: ${JSON.stringify(value)}.`);
}

function writeInt4(target: Buffer, at: number, value: number) {
  if (!Number.isInteger(value) || value < -2_147_483_648 || value > 2_147_483_647) {
    throw new RangeError(`Not an int4: ${value}.`);
  }
  target.writeInt32BE(value, at);
}

function writeInt8(target: Buffer, at: number, value: number) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe int8: ${value}.`);
  target.writeBigInt64BE(BigInt(value), at);
}
