import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../db/pool';

/**
 * The event chain (migration 039, docs/architecture.md "The event chain"): each event's `hash` is
 * SHA-256 over the hash of the event before it in its stream and over its own content. The verifier
 * below recomputes every link with its own copy of the content's formula instead of calling
 * `event_chain_content` in the database it checks: a function replaced in that database would
 * otherwise vouch for itself.
 */
/** A link of the chain that does not hold, or a stream whose row disagrees with its events. */
export type BrokenLink = {
  streamId: string;
  /** The event's version (for a stream row that disagrees: the version its row claims). */
  streamVersion: number;
  /** The event's global position; null when no event is at fault (a stream row whose events end early). */
  globalPosition: number | null;
  problem: string;
};

export type ChainVerification = {
  events: number;
  streams: number;
  /** Every broken link counted; `broken` keeps the first `MAX_BROKEN` in feed position order. */
  brokenCount: number;
  broken: BrokenLink[];
  seconds: number;
};

const MAX_BROKEN = 20;
const EVENTS_PER_PAGE = 100_000;

const brokenRow = z.object({
  stream_id: z.string(),
  stream_version: z.number(),
  global_position: z.number().nullable(),
  problem: z.string(),
  total: z.number(),
});

/**
 * Checks the whole chain: every event's hash recomputed from its content and the previous link of
 * its stream, every stream's versions without a gap from 1, and every stream row's version the
 * version of its last event. Catches an edited event (data, metadata, type, time, id, position), a
 * deleted one (a gap, or a stream whose events end before its row says) and one inserted by hand
 * (no hash, a hash that does not link, or versions beyond its stream row). Run it in a
 * repeatable-read transaction to see one snapshot (reconcile does; `npm run verify` too).
 */
export async function verifyEventChain(db: Queryable): Promise<ChainVerification> {
  const started = performance.now();
  const found: z.infer<typeof brokenRow>[] = [];
  let brokenCount = 0;
  // Pages of about EVENTS_PER_PAGE events, whole streams each (keyset over the primary key), so no
  // statement runs into the statement timeout on a large log.
  let after: string | null = null;
  for (;;) {
    const upto: string | null = await db.maybeOneFirst(sql.type(z.object({ stream_id: z.string() }))`
      select stream_id from events where ${after === null ? sql.fragment`true` : sql.fragment`stream_id > ${after}`}
      order by stream_id, stream_version offset ${EVENTS_PER_PAGE - 1} limit 1`);
    const from = after;
    const inPage = (alias: 'e' | 's') => {
      const column = sql.identifier([alias, 'stream_id']);
      return sql.fragment`${from === null ? sql.fragment`true` : sql.fragment`${column} > ${from}`}
        and ${upto === null ? sql.fragment`true` : sql.fragment`${column} <= ${upto}`}`;
    };
    // One pass over the page's events in stream order: each link, each gap, and each stream's last
    // event against its stream row (joined in); and the page's stream rows without events.
    // Ordered as reported: by position, a link's own problem before its stream row's (a stable sort
    // below keeps that order).
    const rows = await db.any(sql.type(brokenRow)`
      with linked as (
        select e.stream_id, e.stream_version, e.global_position, e.hash, s.version as row_version,
               s.stream_id is not null as has_row,
               lag(e.stream_version) over w as previous_version,
               lead(e.stream_version) over w is null as last,
               sha256(coalesce(lag(e.hash) over w, ''::bytea) || convert_to(jsonb_build_array(
                 e.stream_id, e.stream_version, e.global_position, e.event_id::text, e.event_type,
                 e.schema_version, e.data, e.metadata,
                 to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8'))
                 as expected
        from events e left join streams s on s.stream_id = e.stream_id
        where ${inPage('e')}
        window w as (partition by e.stream_id order by e.stream_version)
      ), broken as (
        select 0 as kind, stream_id, stream_version, global_position,
               case
                 when hash is null then 'no hash: written outside the event store'
                 when stream_version <> coalesce(previous_version, 0) + 1
                   then format('follows version %s: the events between are missing', coalesce(previous_version, 0))
                 else 'its hash does not match its content and the link before it'
               end as problem
        from linked
        where hash is null or stream_version <> coalesce(previous_version, 0) + 1 or hash <> expected
        union all
        select 1, stream_id,
               case when stream_version > coalesce(row_version, 0) then stream_version else row_version end,
               case when stream_version > coalesce(row_version, 0) then global_position end,
               case
                 when not has_row then format('events up to version %s but no stream row', stream_version)
                 when stream_version > row_version
                   then format('events up to version %s beyond the stream row''s version %s', stream_version, row_version)
                 else format('the stream row says version %s but its events end at %s', row_version, stream_version)
               end
        from linked
        where last and stream_version is distinct from row_version
        union all
        select 1, s.stream_id, s.version, null, format('the stream row says version %s but it has no events', s.version)
        from streams s where ${inPage('s')} and not exists (select 1 from events e where e.stream_id = s.stream_id)
      )
      select *, (count(*) over ())::int as total from broken
      order by global_position nulls last, stream_id, stream_version, kind limit ${MAX_BROKEN}`);
    brokenCount += rows[0]?.total ?? 0;
    found.push(...rows);
    if (upto === null) break;
    after = upto;
  }
  const counts = await db.one(sql.type(z.object({ events: z.number(), streams: z.number() }))`
    select (select count(*) from events)::int8 as events, (select count(*) from streams)::int8 as streams`);
  const broken = found
    .sort(
      (a, b) =>
        (a.global_position ?? Number.MAX_SAFE_INTEGER) - (b.global_position ?? Number.MAX_SAFE_INTEGER) ||
        (a.stream_id < b.stream_id ? -1 : a.stream_id > b.stream_id ? 1 : 0) ||
        a.stream_version - b.stream_version,
    )
    .slice(0, MAX_BROKEN)
    .map((row) => ({
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      globalPosition: row.global_position,
      problem: row.problem,
    }));
  return { ...counts, brokenCount, broken, seconds: Math.round(performance.now() - started) / 1000 };
}

/** One line for a broken link: stream, version, position and what is wrong. */
export function brokenLinkLine(link: BrokenLink): string {
  const position = link.globalPosition === null ? '' : `, position ${link.globalPosition}`;
  return `BROKEN LINK stream ${link.streamId}, version ${link.streamVersion}${position}: ${link.problem}`;
}

/** The report of a verification, one line per string (`npm run verify`, `npm run reconcile`). */
export function formatChainVerification(report: ChainVerification): string[] {
  const lines = [
    `chain: ${report.events.toLocaleString('en')} events in ${report.streams.toLocaleString('en')} streams ` +
      `verified in ${report.seconds.toFixed(2)} s`,
    ...report.broken.map(brokenLinkLine),
  ];
  if (report.brokenCount > report.broken.length) {
    lines.push(`… and ${report.brokenCount - report.broken.length} more broken links`);
  }
  return lines;
}

/**
 * The head of the log: one SHA-256 over every stream's last link (`stream_id version hash` lines,
 * ordered by stream id byte-wise), counting the events of transactions before `before`. Without
 * `before`, the oldest transaction still running (every one before it has finished, so the head is
 * of a fixed set of events, reproducible later with the same `before`; a stream's appends take
 * increasing transaction ids, so that set is a prefix of each stream).
 */
export type ChainHead = {
  /** Lowercase hex. */
  hash: string;
  /** Events of transactions with an id below this one (xid8, decimal). */
  before: string;
  streams: number;
  events: number;
};

export async function chainHead(db: Queryable, options: { before?: string } = {}): Promise<ChainHead> {
  if (options.before !== undefined && !/^\d{1,20}$/.test(options.before)) {
    throw new TypeError(`Not a transaction id: ${options.before}`);
  }
  const before = options.before
    ? sql.fragment`${options.before}::xid8`
    : sql.fragment`pg_snapshot_xmin(pg_current_snapshot())`;
  return db.one(sql.type(
    z.object({ hash: z.string(), before: z.string(), streams: z.number(), events: z.number() }),
  )`
    with cut as (select ${before} as before),
    heads as (
      select h.stream_id, h.stream_version, h.hash
      from streams s cross join cut
      cross join lateral (
        select e.stream_id, e.stream_version, e.hash from events e
        where e.stream_id = s.stream_id and e.transaction_id < cut.before
        order by e.stream_version desc limit 1) h
    )
    select encode(sha256(convert_to(coalesce(string_agg(
             stream_id || ' ' || stream_version || ' ' || coalesce(encode(hash, 'hex'), 'none'), E'\n'
             order by stream_id collate "C"), ''), 'UTF8')), 'hex') as hash,
           (select before::text from cut) as before,
           count(*)::int as streams, coalesce(sum(stream_version), 0)::int8 as events
    from heads`);
}

/** The head as one line for an export: `sha256:<hex> (N events in M streams, transactions before X)`. */
export function chainHeadLine(head: ChainHead): string {
  return (
    `sha256:${head.hash} (${head.events} events in ${head.streams} streams, ` +
    `transactions before ${head.before})`
  );
}
