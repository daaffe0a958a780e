import { sql, type FragmentSqlToken, type ListSqlToken } from 'slonik';
import { z } from 'zod';
import { SEARCH_MATCH_LIMIT } from '../../domain/catalog/search-limits';
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

export { SEARCH_MATCH_LIMIT };

/**
 * The full-text query a search's words make against the catalogue's vocabulary (`search_words`,
 * migration 063), as tsquery text, or null when the text holds no word. Every word typed must match
 * (and), either as typed or as one of the five words of the vocabulary nearest to it by trigram
 * similarity (at least pg_trgm's 0.3), so "Polr Circut" finds "Polar Circuit"; words shorter than
 * four characters and numbers match only as typed (a typo there would match too much). The last
 * word also matches as a prefix, so a title is found while it is being typed.
 */
export async function searchQueryOf(db: Queryable, search: string): Promise<string | null> {
  return db.oneFirst(sql.type(z.object({ query: z.string().nullable() }))`
    with typed as (
      select t.lexeme, (select max(p) from unnest(t.positions) p) as position
      from unnest(to_tsvector('simple', ${search})) t),
    alternatives as (
      select t.position,
             string_agg(quote_literal(v.word), ' | ')
             || case when t.position = (select max(position) from typed) and length(t.lexeme) >= 3
                     then ' | ' || quote_literal(t.lexeme) || ':*' else '' end as words
      from typed t cross join lateral (
        (select t.lexeme as word)
        union
        (select w.word from search_words w
         where length(t.lexeme) >= 4 and t.lexeme !~ '^[0-9]+$' and w.word % t.lexeme
         order by similarity(w.word, t.lexeme) desc, w.word limit 5)) v
      group by t.position, t.lexeme)
    select string_agg('(' || words || ')', ' & ' order by position) as query from alternatives`);
}

/**
 * The cards (`skin_cards`, named `c`) that match a full-text `query` (from `searchQueryOf`) and the
 * list's `conditions`: the newest SEARCH_MATCH_LIMIT, one early limit that the GIN index of the
 * cards' words serves (a rare word) or the date index (a common one). With `ranked`, each with its
 * relevance: the full-text rank of its words plus the trigram word similarity of the text typed to
 * its title, so the title typed, even with a typo, comes first.
 */
export function skinSearchMatches(
  search: string,
  query: string,
  conditions: FragmentSqlToken | ListSqlToken,
  ranked: boolean,
): FragmentSqlToken {
  const relevance = ranked
    ? sql.fragment`ts_rank(c.search_text, ${query}::tsquery) + word_similarity(${search}, c.title)`
    : sql.fragment`0`;
  return sql.fragment`
    select c.*, ${relevance} as relevance
    from skin_cards c
    where ${conditions} and c.search_text @@ ${query}::tsquery
    order by c.created_at desc, c.skin_id desc
    limit ${SEARCH_MATCH_LIMIT}`;
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
