import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import type { Logger } from '../logger';
import { migrate } from './migrate';

/**
 * A logical copy of the marketplace's database, as pg_dump's data section makes one: every table of
 * the `public` schema written with COPY inside one read-only snapshot, so the copy is consistent
 * while the app keeps running; the schema itself is the migrations' (its version is recorded).
 * Works against any PostgreSQL, the embedded one included, whose distribution has no pg_dump.
 */
export const databaseDumpSchema = z.object({
  schemaVersion: z.number().int().min(1),
  tables: z.array(z.object({ name: z.string().min(1), rows: z.number().int().min(0), file: z.string() })),
  /** `value` null: never used, so it starts again at `start`. */
  sequences: z.array(z.object({ name: z.string().min(1), value: z.string().nullable(), start: z.string() })),
});
export type DatabaseDump = z.infer<typeof databaseDumpSchema>;

const MIGRATIONS_TABLE = 'schema_migrations';
const SAFE_TABLE_FILE = /^[a-z0-9_]+\.copy\.gz$/;

async function connected<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The tables as the schema names them: a partitioned table (events, migration 061) is one table, its
 * partitions are not listed, so a backup loads into whatever months the target has partitions for.
 */
async function tablesOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and (c.relkind = 'p' or (c.relkind = 'r' and not c.relispartition))
      and c.relname <> $1 order by 1`,
    [MIGRATIONS_TABLE],
  );
  return rows.map((row) => row.name);
}

const table = (client: pg.Client, name: string) => `public.${client.escapeIdentifier(name)}`;

/** Writes every table into `folder` (`<table>.copy.gz`, COPY's text format) and returns what it wrote. */
export async function dumpDatabase(url: string, folder: string): Promise<DatabaseDump> {
  await fs.mkdir(folder, { recursive: true });
  return connected(url, async (client) => {
    await client.query('begin isolation level repeatable read, read only');
    try {
      const version = await client.query<{ version: string | null }>(
        `select max(version)::text as version from ${MIGRATIONS_TABLE}`,
      );
      const tables: DatabaseDump['tables'] = [];
      const partitioned = new Set(
        (
          await client.query<{ name: string }>(
            `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'p'`,
          )
        ).rows.map((row) => row.name),
      );
      for (const name of await tablesOf(client)) {
        const file = `${name}.copy.gz`;
        // COPY reads a partitioned table (events) only through a query; the rows and format are the same.
        const from = partitioned.has(name) ? `(select * from ${table(client, name)})` : table(client, name);
        const source = client.query(copyTo(`copy ${from} to stdout`));
        await pipeline(source, createGzip(), createWriteStream(path.join(folder, file)));
        tables.push({ name, rows: source.rowCount, file });
      }
      const sequences = await client.query<{ name: string; value: string | null; start: string }>(`
        select sequencename as name, last_value::text as value, start_value::text as start from pg_sequences
        where schemaname = 'public' order by 1`);
      await client.query('commit');
      return databaseDumpSchema.parse({
        schemaVersion: Number(version.rows[0]?.version),
        tables,
        sequences: sequences.rows,
      });
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}

export class DatabaseNotEmptyError extends Error {}

/** The tables of the database that hold rows (the migrations' own table aside). */
export async function tablesWithRows(url: string): Promise<string[]> {
  return connected(url, async (client) => {
    const filled: string[] = [];
    for (const name of await tablesOf(client)) {
      const { rowCount } = await client.query(`select 1 from ${table(client, name)} limit 1`);
      if (rowCount) filled.push(name);
    }
    return filled;
  });
}

/**
 * Loads a dump into an empty database: the schema is made by the migrations up to the dump's
 * version, the rows are copied in as they were (triggers off, as pg_restore loads data, so derived
 * tables come from the dump too), every sequence is set to its value, the row counts are checked,
 * and then the newer migrations of this code run. Refused when any table holds a row.
 */
export async function loadDatabase(
  url: string,
  folder: string,
  dump: DatabaseDump,
  log: Logger,
): Promise<void> {
  const filled = await tablesWithRows(url);
  if (filled.length > 0) {
    throw new DatabaseNotEmptyError(
      `The database is not empty (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''} hold rows). ` +
        'Restore into a new DATA_DIR (or an empty database); nothing was changed.',
    );
  }
  await connected(url, async (client) => {
    // Empty tables of another schema version go, so that the dump's version can be built; and the
    // read-model snapshots (migration 062), which a backup never holds.
    await client.query(
      'drop schema public cascade; create schema public; drop schema if exists read_model_snapshots cascade',
    );
  });
  await migrate(url, log, { to: dump.schemaVersion });
  await connected(url, async (client) => {
    await client.query('begin');
    try {
      await client.query('set local session_replication_role = replica');
      const present = new Set(await tablesOf(client));
      const missing = dump.tables.filter((entry) => !present.has(entry.name));
      if (missing.length > 0)
        throw new Error(
          `The backup holds tables this schema lacks: ${missing.map((t) => t.name).join(', ')}.`,
        );
      // Rows the migrations insert (checkpoints, roles) are in the dump as they were.
      await client.query(`truncate ${dump.tables.map((entry) => table(client, entry.name)).join(', ')}`);
      for (const entry of dump.tables) {
        if (!SAFE_TABLE_FILE.test(entry.file))
          throw new Error(`Unexpected file name in the backup: ${entry.file}`);
        const target = client.query(copyFrom(`copy ${table(client, entry.name)} from stdin`));
        await pipeline(createReadStream(path.join(folder, entry.file)), createGunzip(), target);
        const { rows } = await client.query<{ count: number }>(
          `select count(*)::int as count from ${table(client, entry.name)}`,
        );
        if (rows[0]!.count !== entry.rows)
          throw new Error(
            `${entry.name}: the backup lists ${entry.rows} rows, ${rows[0]!.count} were loaded.`,
          );
      }
      // Events of months the schema has no partition for went into the default one: into their months.
      const partitioned = await client.query(`select to_regproc('public.missing_event_partitions') as f`);
      if (partitioned.rows[0]?.f) {
        await client.query(
          'select create_event_partition(m.month_start) from missing_event_partitions(now(), 3) m',
        );
      }
      for (const sequence of dump.sequences) {
        await client.query('select setval($1::regclass, coalesce($2::bigint, $3::bigint), $2 is not null)', [
          `public.${client.escapeIdentifier(sequence.name)}`,
          sequence.value,
          sequence.start,
        ]);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  });
  await migrate(url, log);
}
