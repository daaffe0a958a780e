-- Trending by week and month (docs/catalogue.md, "Trending by week and month";
-- domain/trending/trending-score.ts): each skin card keeps its score of the last 7 and the last 30
-- UTC days, so the skins list orders by an indexed column as it does for its other sorts.
--
-- A score sums the downloads of the window's days (skin_download_daily) and the current votes given
-- in it (skin_ratings: 4 or 5 stars count 5 downloads, 3 stars 2, 1 or 2 nothing), each weighted by
-- 0.5^(age in days / half-life): 2 days for the week, 7 for the month. Ages count from the day in
-- `trending_scores_day`. Each weight is rounded to 9 decimals and the scores are numeric, so adding
-- and taking away the same activity gives back exactly the same score (equal activity ties exactly,
-- and the newest skin comes first).
--
-- Statement-level triggers on the two read models move the scores in the same transaction as the
-- projection's rows (downloads, votes, their rebuilds); when the day changes, the first trending list
-- of the new day calls roll_trending_scores, which recounts every score from the read models.
-- Measured on 10,000 skins with 180 days of downloads (10 % of the skins a day) and 50,000 votes:
-- computing the scores for each list took 60 ms (week) to 120 ms (month); the indexed sort takes
-- about as long as the newest-first list, and the daily recount about what one computation took.

create table trending_scores_day (
  one boolean primary key default true check (one),
  day date not null
);
insert into trending_scores_day (day) values ((now() at time zone 'UTC')::date);

alter table skin_cards
  add column trending_week numeric not null default 0,
  add column trending_month numeric not null default 0;
create index skin_cards_trending_week_idx
  on skin_cards (trending_week, created_at, skin_id) where not deleted;
create index skin_cards_game_trending_week_idx
  on skin_cards (game, trending_week, created_at, skin_id) where not deleted;
create index skin_cards_trending_month_idx
  on skin_cards (trending_month, created_at, skin_id) where not deleted;
create index skin_cards_game_trending_month_idx
  on skin_cards (game, trending_month, created_at, skin_id) where not deleted;

-- The recount reads the window's votes by the time they were given.
create index skin_ratings_rated_at_idx on skin_ratings (rated_at) include (skin_id, rating);

-- What activity of `day` weighs on `today` in a window of `days` days with a half-life of
-- `half_life` days: 0 outside the window.
create function trending_weight(days integer, half_life integer, today date, day date)
returns numeric language sql immutable parallel safe as $$
  select case when day between today - (days - 1) and today
              then round((0.5::float8 ^ ((today - day)::float8 / half_life))::numeric, 9)
              else 0 end
$$;

-- What one vote of `rating` stars counts, in downloads.
create function trending_vote_weight(rating integer)
returns integer language sql immutable parallel safe as $$
  select case when rating >= 4 then 5 when rating = 3 then 2 else 0 end
$$;

-- Every score recounted from the read models for `today` (the skins without activity get 0).
create function recount_trending_scores(today date) returns void language plpgsql as $$
begin
  update skin_cards c set trending_week = coalesce(s.week, 0), trending_month = coalesce(s.month, 0)
  from skin_cards k
  left join (
    select skin_id, sum(week) as week, sum(month) as month from (
      select d.skin_id, d.total * trending_weight(7, 2, today, d.day) as week,
             d.total * trending_weight(30, 7, today, d.day) as month
      from skin_download_daily d
      where d.day between today - 29 and today
      union all
      select r.skin_id,
             trending_vote_weight(r.rating) * trending_weight(7, 2, today, (r.rated_at at time zone 'UTC')::date),
             trending_vote_weight(r.rating) * trending_weight(30, 7, today, (r.rated_at at time zone 'UTC')::date)
      from skin_ratings r
      where r.rated_at >= (today - 29)::timestamp at time zone 'UTC'
        and r.rated_at < (today + 1)::timestamp at time zone 'UTC'
        and r.rating >= 3
    ) activity
    group by skin_id
  ) s on s.skin_id = k.skin_id
  where c.skin_id = k.skin_id
    and (k.trending_week <> 0 or k.trending_month <> 0 or s.skin_id is not null)
    and (c.trending_week, c.trending_month) is distinct from (coalesce(s.week, 0), coalesce(s.month, 0));
end $$;

-- Ages count from `today` from now on. The share locks wait for the projections' running batches
-- and hold the next ones until the recount commits, so no batch's change is lost between the two.
create function roll_trending_scores(today date) returns void language plpgsql as $$
declare
  previous date;
begin
  select day into previous from trending_scores_day for update;
  if previous = today then return; end if;
  lock table skin_download_daily in share mode;
  lock table skin_ratings in share mode;
  update trending_scores_day set day = today;
  perform recount_trending_scores(today);
end $$;

-- Adds activity to the scores: per skin, the day and the weight (downloads, or what the votes
-- count; negative for activity taken away) of each change, as aligned arrays.
create function move_trending_scores(skin_ids bigint[], days date[], weights numeric[])
returns void language plpgsql as $$
declare
  today date := (select day from trending_scores_day);
begin
  if skin_ids is null then return; end if;
  update skin_cards c set trending_week = c.trending_week + d.week, trending_month = c.trending_month + d.month
  from (select skin_id, sum(weight * trending_weight(7, 2, today, day)) as week,
               sum(weight * trending_weight(30, 7, today, day)) as month
        from unnest(skin_ids, days, weights) as u(skin_id, day, weight)
        group by skin_id) d
  where c.skin_id = d.skin_id and (d.week <> 0 or d.month <> 0);
end $$;

-- Downloads: each statement adds what it changed (new rows count in, old rows count out); a
-- truncate (a rebuild) recounts from what is left.
create function skin_cards_trending_on_downloads() returns trigger language plpgsql as $$
declare
  ids bigint[];
  days date[];
  weights numeric[];
begin
  -- Separate statements: each may name only the transition tables its trigger has.
  if tg_op = 'TRUNCATE' then
    perform recount_trending_scores((select day from trending_scores_day));
    return null;
  elsif tg_op = 'INSERT' then
    select array_agg(skin_id), array_agg(day), array_agg(total::numeric) into ids, days, weights
    from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(skin_id), array_agg(day), array_agg(-total::numeric) into ids, days, weights
    from old_rows;
  else
    select array_agg(skin_id), array_agg(day), array_agg(total) into ids, days, weights
    from (select skin_id, day, total::numeric from new_rows
          union all select skin_id, day, -total::numeric from old_rows) u;
  end if;
  perform move_trending_scores(ids, days, weights);
  return null;
end $$;
create trigger skin_cards_trending_after_download_insert after insert on skin_download_daily
  referencing new table as new_rows for each statement execute function skin_cards_trending_on_downloads();
create trigger skin_cards_trending_after_download_update after update on skin_download_daily
  referencing new table as new_rows old table as old_rows
  for each statement execute function skin_cards_trending_on_downloads();
create trigger skin_cards_trending_after_download_delete after delete on skin_download_daily
  referencing old table as old_rows for each statement execute function skin_cards_trending_on_downloads();
create trigger skin_cards_trending_after_download_truncate after truncate on skin_download_daily
  for each statement execute function skin_cards_trending_on_downloads();

-- Votes: the same, a vote weighing what its stars count on the UTC day it was given.
create function skin_cards_trending_on_votes() returns trigger language plpgsql as $$
declare
  ids bigint[];
  days date[];
  weights numeric[];
begin
  if tg_op = 'TRUNCATE' then
    perform recount_trending_scores((select day from trending_scores_day));
    return null;
  elsif tg_op = 'INSERT' then
    select array_agg(skin_id), array_agg((rated_at at time zone 'UTC')::date),
           array_agg(trending_vote_weight(rating)::numeric) into ids, days, weights
    from new_rows where rating >= 3;
  elsif tg_op = 'DELETE' then
    select array_agg(skin_id), array_agg((rated_at at time zone 'UTC')::date),
           array_agg(-trending_vote_weight(rating)::numeric) into ids, days, weights
    from old_rows where rating >= 3;
  else
    select array_agg(skin_id), array_agg(day), array_agg(weight) into ids, days, weights
    from (select skin_id, (rated_at at time zone 'UTC')::date as day, trending_vote_weight(rating)::numeric as weight
          from new_rows where rating >= 3
          union all
          select skin_id, (rated_at at time zone 'UTC')::date, -trending_vote_weight(rating)::numeric
          from old_rows where rating >= 3) u;
  end if;
  perform move_trending_scores(ids, days, weights);
  return null;
end $$;
create trigger skin_cards_trending_after_vote_insert after insert on skin_ratings
  referencing new table as new_rows for each statement execute function skin_cards_trending_on_votes();
create trigger skin_cards_trending_after_vote_update after update on skin_ratings
  referencing new table as new_rows old table as old_rows
  for each statement execute function skin_cards_trending_on_votes();
create trigger skin_cards_trending_after_vote_delete after delete on skin_ratings
  referencing old table as old_rows for each statement execute function skin_cards_trending_on_votes();
create trigger skin_cards_trending_after_vote_truncate after truncate on skin_ratings
  for each statement execute function skin_cards_trending_on_votes();

-- A card built anew (a rebuild of the cards from their sources) counts its activity.
create function skin_cards_trending_on_new_cards() returns trigger language plpgsql as $$
declare
  ids bigint[];
  days date[];
  weights numeric[];
  today date := (select day from trending_scores_day);
begin
  select array_agg(skin_id), array_agg(day), array_agg(weight) into ids, days, weights
  from (select d.skin_id, d.day, d.total::numeric as weight
        from new_rows n join skin_download_daily d on d.skin_id = n.skin_id
        where d.day between today - 29 and today
        union all
        select r.skin_id, (r.rated_at at time zone 'UTC')::date, trending_vote_weight(r.rating)::numeric
        from new_rows n join skin_ratings r on r.skin_id = n.skin_id
        where r.rating >= 3 and r.rated_at >= (today - 29)::timestamp at time zone 'UTC') u;
  perform move_trending_scores(ids, days, weights);
  return null;
end $$;
create trigger skin_cards_trending_after_card_insert after insert on skin_cards
  referencing new table as new_rows for each statement execute function skin_cards_trending_on_new_cards();

-- The cards already there.
select recount_trending_scores((select day from trending_scores_day));
