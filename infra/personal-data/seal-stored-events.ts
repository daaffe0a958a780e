import { sql } from 'slonik';
import { personalFieldRules, personalMetadataRule } from '../../domain/personal-data/personal-fields';
import type { DatabasePool } from '../db/pool';
import type { Logger } from '../logger';
import type { PersonalDataVault } from './personal-data-vault';

const BATCH = 500;

/** A SQL test that a dotted path of a jsonb column holds a value not sealed yet. */
function plainAt(column: 'data' | 'metadata', path: string) {
  const value = sql.fragment`(${sql.identifier([column])} #>> ${sql.array(path.split('.'), 'text')}::text[])`;
  return sql.fragment`(${value} is not null and ${value} not like 'pd1:%')`;
}

/** Events of a registered type with a personal field in the clear, or any event with a guest actor's address in the clear. */
const unsealed = sql.fragment`(${sql.join(
  [
    ...Object.entries(personalFieldRules).map(
      ([type, rule]) =>
        sql.fragment`(event_type = ${type} and (${sql.join(
          rule.fields.map((path) => plainAt('data', path)),
          sql.fragment` or `,
        )}))`,
    ),
    ...personalMetadataRule.fields.map((path) => plainAt('metadata', path)),
  ],
  sql.fragment` or `,
)})`;

type Row = {
  event_id: string;
  stream_id: string;
  global_position: number;
  event_type: string;
  data: unknown;
  metadata: unknown;
};

/**
 * Events stored before personal data was encrypted are rewritten once, with their personal fields
 * sealed under their persons' keys as an append would have sealed them (docs/personal-data.md, "Events
 * stored before"). A rewrite, not an upcaster: the point is that the clear text leaves the table,
 * which reading through an upcaster would never do. The event chain's links of each rewritten
 * stream are computed again in the same transaction (migration 039's formula), so `npm run verify`
 * stays clean; heads exported before the rewrite no longer match, once. Payout events that did not
 * record their author yet (`PayoutSent`, `PayoutRelocked`) get the `authorId` of their stream's
 * `PayoutOpened`, so their destination can be sealed under the author's key. Runs at start, once:
 * `personal_data_sealed_events` records that it finished.
 */
export async function sealStoredEvents(
  pool: DatabasePool,
  vault: PersonalDataVault,
  log: Logger,
): Promise<number> {
  return pool.connect(async (connection) => {
    // One instance rewrites; another starting meanwhile waits here and then finds the work done.
    await connection.query(
      sql.unsafe`select pg_advisory_lock(hashtextextended('personal-data:seal-stored-events', 0))`,
    );
    try {
      const done = await connection.maybeOneFirst(
        sql.unsafe`select finished_at from personal_data_sealed_events`,
      );
      if (done) return 0;
      let sealed = 0;
      let after = 0;
      for (;;) {
        const rows = await connection.transaction(async (tx) => {
          const batch = (await tx.any(sql.unsafe`
            select event_id::text as event_id, stream_id, global_position, event_type, data, metadata
            from events where global_position > ${after} and ${unsealed}
            order by global_position limit ${BATCH}`)) as readonly Row[];
          if (batch.length === 0) return batch;
          const authors = await authorsOfPayoutStreams(
            tx,
            batch.filter((row) => row.event_type === 'PayoutSent' || row.event_type === 'PayoutRelocked'),
          );
          const contents = batch.map((row) => {
            const data = row.data as Record<string, unknown>;
            const authorId = authors.get(row.stream_id);
            return {
              eventId: row.event_id,
              type: row.event_type,
              data: authorId !== undefined && data.authorId === undefined ? { ...data, authorId } : data,
              metadata: row.metadata,
            };
          });
          const { stored, newKeys } = await vault.seal(tx, contents);
          await tx.query(sql.unsafe`
            update events e set data = x.data, metadata = x.metadata
            from jsonb_to_recordset(${sql.jsonb(
              stored.map((content) => ({
                event_id: content.eventId,
                data: content.data,
                metadata: content.metadata,
              })) as never,
            )}) as x (event_id uuid, data jsonb, metadata jsonb)
            where e.event_id = x.event_id`);
          await vault.storeNewKeys(tx, newKeys);
          await relinkStreams(tx, [...new Set(batch.map((row) => row.stream_id))]);
          return batch;
        });
        if (rows.length === 0) break;
        // An event that names no person (an endpoint without owner) keeps its fields: go on past it.
        after = Number(rows.at(-1)!.global_position);
        sealed += rows.length;
      }
      await connection.query(
        sql.unsafe`insert into personal_data_sealed_events (finished_at) values (now())`,
      );
      if (sealed > 0) log.info({ events: sealed }, 'personal data of stored events encrypted');
      return sealed;
    } finally {
      await connection.query(
        sql.unsafe`select pg_advisory_unlock(hashtextextended('personal-data:seal-stored-events', 0))`,
      );
    }
  });
}

async function authorsOfPayoutStreams(
  tx: Parameters<Parameters<DatabasePool['transaction']>[0]>[0],
  rows: readonly Row[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const found = (await tx.any(sql.unsafe`
    select stream_id, (data->>'authorId')::int8 as author_id from events
    where event_type = 'PayoutOpened'
      and stream_id = any(${sql.array([...new Set(rows.map((row) => row.stream_id))], 'text')}::text[])`)) as readonly {
    stream_id: string;
    author_id: number;
  }[];
  return new Map(found.map((row) => [row.stream_id, Number(row.author_id)]));
}

/** The chain links of whole streams computed again from their (rewritten) content, as migration 039 does. */
async function relinkStreams(
  tx: Parameters<Parameters<DatabasePool['transaction']>[0]>[0],
  streamIds: readonly string[],
): Promise<void> {
  await tx.query(sql.unsafe`
    update events e set hash = c.hash
    from (
      select x.stream_id, x.stream_version,
             event_chain(x.link) over (partition by x.stream_id order by x.stream_version) as hash
      from (
        select s.stream_id, 0::bigint as stream_version, '\\x'::bytea as link
        from streams s where s.stream_id = any(${sql.array([...streamIds], 'text')}::text[])
        union all
        select e.stream_id, e.stream_version,
               event_chain_content(e.stream_id, e.stream_version, e.global_position, e.event_id, e.event_type,
                                   e.schema_version, e.data, e.metadata, e.recorded_at)
        from events e where e.stream_id = any(${sql.array([...streamIds], 'text')}::text[])
      ) x
    ) c
    where c.stream_id = e.stream_id and c.stream_version = e.stream_version and c.stream_version > 0`);
}
