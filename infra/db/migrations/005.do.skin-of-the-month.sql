-- Read model of SkinOfTheMonthChosen: one winner per month, the history kept.
create table skin_of_the_month (
  month     text primary key,
  skin_id   bigint not null,
  votes     integer not null,
  average   numeric(4, 2) not null,
  score     numeric(4, 2) not null,
  chosen_at timestamptz not null
);
