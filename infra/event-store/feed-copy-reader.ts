import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DatabasePool } from '../db/pool';
import type { RecordedMetadata } from './event-metadata';
import type { StoredEvent } from './stored-event';

/**
 * A page of events as a replay reads them: each as stored (before upcasting: `readFeedPages`
 * upcasts), its values as the pool's type parsers decode them (int8 as a safe number, xid8 as its
 * decimal text, jsonb parsed), and whether the select wanted it (an unwanted one has no data).
 */
export type CopiedPage = { events: StoredEvent[]; wanted: boolean[] };

/**
 * What the select given to `FeedCopyReader.pages` must return, in this order and of these types
 * (each cast, so that a changed column type fails here instead of being misread). `wanted` is an
 * expression of the caller's; `data` may be null where it is false.
 */
export const feedCopyColumns = (wanted: string, data: string) => `
  ${wanted} as wanted, event_id::uuid, stream_id::text, stream_version::int8, global_position::int8,
  transaction_id::xid8, event_type::text, schema_version::int4, (${data})::jsonb as data,
  metadata::jsonb, recorded_at::timestamptz`;

/**
 * Reads events with `COPY (select …) TO STDOUT (FORMAT binary)` on a connection of its own, for
 * replays. A replay reads every event, and decoding the rows was most of its time: the binary copy
 * sends numbers, ids and times as they are stored (the server formats no text for them and this
 * process parses none), and one decoder walks the rows as they stream in, instead of a parser per
 * field and an object per row before the event's own. Only the `jsonb` columns are text, parsed
 * with JSON.parse as the pool parses them. One copy serves many pages: the server streams while
 * this process applies the page before, with no round trip between pages.
 *
 * Not for a transaction's reads: the connection is its own, outside every transaction, as the
 * reader of a replay is (read-ahead.ts).
 */
export class FeedCopyReader {
  private constructor(private readonly client: pg.Client) {}

  /** Opens a reader on the pool's database, runs `work` with it and closes it. */
  static async using<T>(pool: DatabasePool, work: (reader: FeedCopyReader) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: pool.configuration.connectionUri });
    client.on('error', () => undefined);
    await client.connect();
    try {
      // No statement timeout, unlike the pool's connections: a copy stays open while the projection
      // applies the pages before (the server waits on this process), and a slow projection may take
      // minutes for 20 of them. The select itself is one index scan.
      await client.query('set statement_timeout = 0');
      return await work(new FeedCopyReader(client));
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** A string as an SQL literal (COPY takes no parameters). */
  literal(value: string): string {
    return this.client.escapeLiteral(value);
  }

  /**
   * The rows of `select` (which must return `feedCopyColumns` and nothing else) in pages of
   * `pageSize` rows, the last one shorter, decoded as the copy streams in. While the caller holds
   * a page, the copy waits (the connection's buffers fill up): memory stays within about a page.
   */
  async *pages(select: string, pageSize: number): AsyncGenerator<CopiedPage> {
    const decoder = new EventRowDecoder();
    let page: CopiedPage = { events: [], wanted: [] };
    for await (const chunk of this.client.query(copyTo(`copy (${select}) to stdout (format binary)`))) {
      const decoded = decoder.push(chunk as Buffer);
      for (let i = 0; i < decoded.events.length; i++) {
        page.events.push(decoded.events[i]!);
        page.wanted.push(decoded.wanted[i]!);
        if (page.events.length === pageSize) {
          yield page;
          page = { events: [], wanted: [] };
        }
      }
    }
    decoder.end();
    if (page.events.length > 0) yield page;
  }
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const COLUMNS = 11;
/** 2000-01-01, where PostgreSQL counts its microseconds from, in epoch milliseconds. */
const POSTGRES_EPOCH_MS = 946_684_800_000;

/**
 * Decodes the binary COPY of `feedCopyColumns` as it arrives, in chunks that split rows anywhere:
 * a header, then per row a field count and each field as a length (-1: null) and its bytes in the
 * type's binary form, then a field count of -1.
 */
export class EventRowDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private readonly cursor = new FieldCursor();
  private headerRead = false;
  private ended = false;

  /** The rows complete once `chunk` is added; the rest waits for the next chunk. */
  push(chunk: Buffer): CopiedPage {
    const buffer = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let at = 0;
    if (!this.headerRead) {
      if (buffer.length < SIGNATURE.length + 8) {
        this.pending = buffer;
        return { events: [], wanted: [] };
      }
      if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
        throw new TypeError('Not a binary COPY of events.');
      }
      const extension = buffer.readInt32BE(SIGNATURE.length + 4);
      if (buffer.length < SIGNATURE.length + 8 + extension) {
        this.pending = buffer;
        return { events: [], wanted: [] };
      }
      at = SIGNATURE.length + 8 + extension;
      this.headerRead = true;
    }
    const rows: CopiedPage = { events: [], wanted: [] };
    for (;;) {
      const end = rowEnd(buffer, at);
      if (end < 0) break;
      if (end === at + 2) {
        // The trailer: a field count of -1.
        if (this.ended || end !== buffer.length) throw new TypeError('Data after the end of a COPY.');
        this.ended = true;
        at = end;
        break;
      }
      rows.wanted.push(buffer[at + 6] === 1);
      rows.events.push(decodeRow(this.cursor, buffer, at));
      at = end;
    }
    this.pending = buffer.subarray(at);
    return rows;
  }

  /** Checks that the copy ended as a copy ends (its trailer read, nothing left over). */
  end(): void {
    if (!this.ended || this.pending.length > 0) throw new TypeError('A binary COPY cut short.');
  }
}

/** Where the row at `at` ends, or -1 when the buffer does not hold all of it yet. */
function rowEnd(buffer: Buffer, at: number): number {
  if (buffer.length < at + 2) return -1;
  const columns = buffer.readInt16BE(at);
  let end = at + 2;
  if (columns === -1) return end;
  if (columns !== COLUMNS) throw new TypeError(`An events row of ${columns} columns, not ${COLUMNS}.`);
  for (let column = 0; column < COLUMNS; column++) {
    if (buffer.length < end + 4) return -1;
    const length = buffer.readInt32BE(end);
    end += 4 + Math.max(length, 0);
  }
  return buffer.length < end ? -1 : end;
}

/**
 * Walks the fields of a row that `rowEnd` found complete, checking each length: a column of
 * another type than expected fails. (One per decoder, not a closure per row.)
 */
class FieldCursor {
  buffer: Buffer = Buffer.alloc(0);
  /** Where the current field's bytes start, and how many there are (0 for a null). */
  at = 0;
  length = 0;

  startRow(buffer: Buffer, at: number) {
    this.buffer = buffer;
    this.at = at + 2;
    this.length = 0;
  }

  /** Moves to the next field; `expected` -1: any length, not null; -2: any length or null. */
  next(expected: number, name: string): number {
    this.at += this.length;
    const length = this.buffer.readInt32BE(this.at);
    this.at += 4;
    if (expected >= 0 ? length !== expected : length < 0 && expected === -1) {
      throw new TypeError(`An events row of unexpected shape: ${name} has ${length} bytes.`);
    }
    this.length = Math.max(length, 0);
    return length < 0 ? -1 : this.at;
  }

  text(name: string): string {
    const at = this.next(-1, name);
    return this.buffer.toString('utf8', at, at + this.length);
  }
}

function decodeRow(cursor: FieldCursor, buffer: Buffer, start: number): StoredEvent {
  cursor.startRow(buffer, start);
  // wanted: read by the caller (the row's first field, one byte after its length).
  cursor.next(1, 'wanted');
  const eventId = uuidAt(buffer, cursor.next(16, 'event_id'));
  const streamId = cursor.text('stream_id');
  const streamVersion = int8At(buffer, cursor.next(8, 'stream_version'));
  const globalPosition = int8At(buffer, cursor.next(8, 'global_position'));
  const transactionId = xid8At(buffer, cursor.next(8, 'transaction_id'));
  const type = cursor.text('event_type');
  const schemaVersion = buffer.readInt32BE(cursor.next(4, 'schema_version'));
  // data: null where the caller does not want the event.
  const dataAt = cursor.next(-2, 'data');
  const data = dataAt < 0 ? null : jsonbAt(buffer, dataAt, cursor.length);
  const metadata = jsonbAt(buffer, cursor.next(-1, 'metadata'), cursor.length);
  if (typeof metadata !== 'object' || metadata === null) {
    throw new TypeError(`An events row of unexpected shape: metadata is ${JSON.stringify(metadata)}.`);
  }
  const recordedAt = new Date(epochMillisecondsAt(buffer, cursor.next(8, 'recorded_at')));
  // The fields in the order of EventStore's own events, so that both have one shape.
  return {
    eventId,
    streamId,
    streamVersion,
    globalPosition,
    transactionId,
    type,
    schemaVersion,
    data,
    metadata: metadata as RecordedMetadata,
    recordedAt,
  };
}

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of a uuid's 16 bytes goes in its text (8-4-4-4-12 hex digits). */
const UUID_TEXT_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const uuidText = Buffer.alloc(36, '-');

/**
 * A uuid's 16 bytes as its text, lower case as PostgreSQL writes it: written into one buffer and
 * read out as one string (a string added up from pieces costs more to read later than to make).
 */
function uuidAt(b: Buffer, at: number): string {
  for (let i = 0; i < 16; i++) {
    const byte = b[at + i]!;
    const to = UUID_TEXT_AT[i]!;
    uuidText[to] = HEX_DIGITS[byte >> 4]!;
    uuidText[to + 1] = HEX_DIGITS[byte & 15]!;
  }
  return uuidText.toString('latin1', 0, 36);
}

/** A signed 64-bit integer as a number, refused beyond 2^53 as the pool's int8 parser refuses it. */
function int8At(b: Buffer, at: number): number {
  const value = b.readInt32BE(at) * 4_294_967_296 + b.readUInt32BE(at + 4);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`int8 value ${b.readBigInt64BE(at)} exceeds the safe integer range.`);
  }
  return value;
}

/**
 * A timestamptz (microseconds since 2000) as whole epoch milliseconds, rounded down as
 * floor(extract(epoch …) * 1000) rounds them; refused beyond 2^53 as that int8 would be.
 */
function epochMillisecondsAt(b: Buffer, at: number): number {
  const micros = b.readInt32BE(at) * 4_294_967_296 + b.readUInt32BE(at + 4);
  if (Number.isSafeInteger(micros)) {
    // Within about 285 years of 2000.
    const remainder = micros % 1000;
    return (micros - remainder) / 1000 - (remainder < 0 ? 1 : 0) + POSTGRES_EPOCH_MS;
  }
  const exact = b.readBigInt64BE(at);
  const milliseconds = Number(exact / 1000n - (exact % 1000n < 0n ? 1n : 0n)) + POSTGRES_EPOCH_MS;
  if (!Number.isSafeInteger(milliseconds)) {
    throw new RangeError(`The time ${exact} µs after 2000 is out of range.`);
  }
  return milliseconds;
}

/** An unsigned 64-bit transaction id as its decimal text (xid8's text form). */
function xid8At(b: Buffer, at: number): string {
  const high = b.readUInt32BE(at);
  // Below 2^53 a number holds it exactly.
  return high < 0x20_0000
    ? String(high * 4_294_967_296 + b.readUInt32BE(at + 4))
    : String(b.readBigUInt64BE(at));
}

/** jsonb's binary form: a version byte (1), then the document's text. */
function jsonbAt(b: Buffer, at: number, length: number): unknown {
  if (length < 1 || b[at] !== 1) throw new TypeError('A jsonb value of an unknown binary version.');
  return JSON.parse(b.toString('utf8', at + 1, at + length));
}
