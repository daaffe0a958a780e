import { sql, type FragmentSqlToken } from 'slonik';
import type { DatabasePool, Queryable } from '../../infra/db/pool';

/** The columns a search reads: the item's title and description, and its author's username. */
export type SearchColumns = { title: string[]; description: string[]; username: string[] };

/** Bundles (`b`) joined with their author (`u`). */
export const bundleSearchColumns: SearchColumns = {
  title: ['b', 'title'],
  description: ['b', 'description'],
  username: ['u', 'username'],
};

/**
 * Search: the words of the title and description (full-text), or a title or username like the
 * words typed (trigram similarity).
 */
export function searchMatches(columns: SearchColumns, search: string): FragmentSqlToken {
  const title = sql.identifier(columns.title);
  const description = sql.identifier(columns.description);
  const username = sql.identifier(columns.username);
  return sql.fragment`(
    to_tsvector('simple', ${title} || ' ' || ${description}) @@ websearch_to_tsquery('simple', ${search})
    or ${search} <% ${title}
    or ${search} <% ${username}::text)`;
}

/**
 * How well an item matches a search, for ordering by relevance: the full-text rank of its title and
 * description (how often and how close the words typed occur) plus the best trigram word similarity
 * of its title or author name (0 to 1), so a title typed with a typo still ranks near the top.
 */
export function searchRelevance(columns: SearchColumns, search: string): FragmentSqlToken {
  const title = sql.identifier(columns.title);
  const description = sql.identifier(columns.description);
  const username = sql.identifier(columns.username);
  return sql.fragment`(
    ts_rank(to_tsvector('simple', ${title} || ' ' || ${description}), websearch_to_tsquery('simple', ${search}))
    + greatest(word_similarity(${search}, ${title}), word_similarity(${search}, ${username}::text)))`;
}

/**
 * Runs a listing's queries; with a search, inside a transaction that lowers pg_trgm's word
 * similarity threshold from 0.6 to 0.45, where a word typed with a typo ("Polr Circut" for
 * "Polar Circuit") still matches.
 */
export async function runListing<T>(
  db: DatabasePool,
  search: string | null,
  run: (db: Queryable) => Promise<T>,
): Promise<T> {
  if (!search) return run(db);
  return db.transaction(async (tx) => {
    await tx.query(sql.unsafe`select set_config('pg_trgm.word_similarity_threshold', '0.45', true)`);
    return run(tx);
  });
}
