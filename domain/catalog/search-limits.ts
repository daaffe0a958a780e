/**
 * A search of the skins list returns at most this many matches (the newest that match): its total,
 * pages and sorts work on them. Nobody pages through more (search engines stop there too:
 * Meilisearch's default `maxTotalHits` is the same 1,000), and it bounds a search's work whatever
 * its words match. A total of this many therefore means "this many or more".
 */
export const SEARCH_MATCH_LIMIT = 1000;
