-- The skins list's discovery sorts (docs/catalogue.md, Skins list).
--
-- Top rated: a Bayesian average of the votes with a fixed prior of 5 votes of 3 stars
-- (domain/ratings/rating-score.ts, the same formula), kept as a stored generated column so that the
-- sort reads an index like the other sorts. Ties: more votes first, then newer.
alter table skin_cards
  add column rating_score double precision
    generated always as ((rating_sum + 3.0 * 5) / (rating_count + 5)) stored;
create index skin_cards_rating_idx
  on skin_cards (rating_score, rating_count, created_at, skin_id) where not deleted;
create index skin_cards_game_rating_idx
  on skin_cards (game, rating_score, rating_count, created_at, skin_id) where not deleted;

-- Trending sums the last 7 days of skin_download_daily per skin: the days first, then the skin,
-- with the total in the index, so the window's rows are one index-only range scan. It replaces the
-- index on (day, skin_id) of migration 004, which it serves as well.
drop index skin_download_daily_day_idx;
create index skin_download_daily_day_total_idx on skin_download_daily (day, skin_id) include (total);
