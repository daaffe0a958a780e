-- Accounts (not the guest-buyer records) and skins created per UTC day, kept by triggers on their
-- tables: the Site Dashboard's new accounts and skins per month read a few hundred rows instead of
-- grouping every user and skin (measured by bench/dashboards.bench.ts). Accounts and skins are
-- current state, not event streams, so their own tables are the source.
create table created_daily (
  kind  text not null check (kind in ('account', 'skin')),
  day   date not null,
  count integer not null,
  primary key (kind, day)
);

-- tg_argv[0] is the kind. Rows with `anonymous` set (guest buyers) are not counted. An UPDATE
-- takes the old rows off and adds the new ones, which cancel out unless a creation time changed.
create function count_created_daily() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into created_daily (kind, day, count)
    select tg_argv[0], (created_at at time zone 'UTC')::date, count(*) from new_rows r
    where not coalesce((to_jsonb(r) ->> 'anonymous')::boolean, false)
    group by 2
    on conflict (kind, day) do update set count = created_daily.count + excluded.count;
  elsif tg_op = 'DELETE' then
    insert into created_daily (kind, day, count)
    select tg_argv[0], (created_at at time zone 'UTC')::date, -count(*) from old_rows r
    where not coalesce((to_jsonb(r) ->> 'anonymous')::boolean, false)
    group by 2
    on conflict (kind, day) do update set count = created_daily.count + excluded.count;
  else
    insert into created_daily (kind, day, count)
    select tg_argv[0], day, sum(n) from (
      select (created_at at time zone 'UTC')::date as day, -1 as n from old_rows r
      where not coalesce((to_jsonb(r) ->> 'anonymous')::boolean, false)
      union all
      select (created_at at time zone 'UTC')::date, 1 from new_rows r
      where not coalesce((to_jsonb(r) ->> 'anonymous')::boolean, false)
    ) c
    group by day
    having sum(n) <> 0
    on conflict (kind, day) do update set count = created_daily.count + excluded.count;
  end if;
  return null;
end $$;

create trigger users_created_daily_on_insert after insert on users
  referencing new table as new_rows for each statement execute function count_created_daily('account');
create trigger users_created_daily_on_update after update on users
  referencing old table as old_rows new table as new_rows for each statement execute function count_created_daily('account');
create trigger users_created_daily_on_delete after delete on users
  referencing old table as old_rows for each statement execute function count_created_daily('account');
create trigger skins_created_daily_on_insert after insert on skins
  referencing new table as new_rows for each statement execute function count_created_daily('skin');
create trigger skins_created_daily_on_update after update on skins
  referencing old table as old_rows new table as new_rows for each statement execute function count_created_daily('skin');
create trigger skins_created_daily_on_delete after delete on skins
  referencing old table as old_rows for each statement execute function count_created_daily('skin');

insert into created_daily (kind, day, count)
select 'account', (created_at at time zone 'UTC')::date, count(*) from users where not anonymous group by 2;
insert into created_daily (kind, day, count)
select 'skin', (created_at at time zone 'UTC')::date, count(*) from skins group by 2;
