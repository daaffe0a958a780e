-- Search that keeps up (api/catalogue/catalogue-search.ts, docs/performance.md "Search"): a search
-- corrects each word typed against the catalogue's vocabulary, then runs one full-text query the
-- GIN index answers, with an early limit.

-- The words of a card (title, description and the author's name), kept by PostgreSQL itself.
alter table skin_cards
  add column search_text tsvector
  generated always as (to_tsvector('simple', title || ' ' || description || ' ' || author_username::text)) stored;
create index skin_cards_search_text_idx on skin_cards using gin (search_text);
-- The full-text expression index and the trigram indexes of whole titles and names served the
-- search before; nothing else reads them.
drop index skin_cards_text_idx;
drop index skin_cards_title_trgm_idx;
drop index skin_cards_author_trgm_idx;

-- The vocabulary: every word of every card with the number of cards holding it, so that a word
-- typed with a typo is matched to the words that exist (trigram similarity over distinct words, far
-- fewer than cards). A word leaves when its last card does (an erased author's name included).
create table search_words (
  word  text primary key,
  cards integer not null
);
insert into search_words (word, cards)
select word, count(*) from skin_cards, unnest(tsvector_to_array(search_text)) word group by word;
-- Without the pending list of fast updates, which every lookup would read through.
create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops) with (fastupdate = off);
analyze search_words;

create function search_words_count(words text[], delta integer) returns void language sql as $$
  insert into search_words as w (word, cards)
  select word, delta from unnest(words) word where delta > 0
  on conflict (word) do update set cards = w.cards + excluded.cards;
  update search_words w set cards = w.cards + delta where delta < 0 and w.word = any(words);
  delete from search_words where delta < 0 and word = any(words) and cards <= 0;
$$;

-- Inserted and deleted cards: one statement-level trigger counts all their words at once (a bulk
-- insert of many cards sharing words updates each word once).
create function search_words_of_cards() returns trigger language plpgsql as $$
begin
  insert into search_words as w (word, cards)
  select word, count(*) * case when tg_op = 'INSERT' then 1 else -1 end
  from changed_cards, unnest(tsvector_to_array(search_text)) word group by word
  on conflict (word) do update set cards = w.cards + excluded.cards;
  if tg_op = 'DELETE' then
    delete from search_words
    where cards <= 0 and word in (select unnest(tsvector_to_array(search_text)) from changed_cards);
  end if;
  return null;
end
$$;
create trigger search_words_on_card_insert after insert on skin_cards
  referencing new table as changed_cards for each statement execute function search_words_of_cards();
create trigger search_words_on_card_delete after delete on skin_cards
  referencing old table as changed_cards for each statement execute function search_words_of_cards();

-- Updated cards: a row trigger, so that the many updates that leave the words alone (counters,
-- thumbnails) cost one comparison each and count nothing.
create function search_words_of_card() returns trigger language plpgsql as $$
begin
  -- Only the words that came or went.
  perform search_words_count(
    array(select unnest(tsvector_to_array(old.search_text)) except select unnest(tsvector_to_array(new.search_text))), -1);
  perform search_words_count(
    array(select unnest(tsvector_to_array(new.search_text)) except select unnest(tsvector_to_array(old.search_text))), 1);
  return null;
end
$$;
create trigger search_words_on_card_update after update on skin_cards
  for each row when (old.search_text is distinct from new.search_text) execute function search_words_of_card();

-- The planner weighs a search's words by the statistics of the new column: gather them now rather
-- than at autovacuum's next visit.
analyze skin_cards;
