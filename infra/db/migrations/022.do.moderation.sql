-- Moderation (docs/moderation.md): reports, admins' takedowns of skins, bundles and comments, and
-- blocked accounts. The facts are events (streams `moderation-{type}-{id}` and `account-{userId}`);
-- the inline `moderation` projection keeps the tables below, and triggers carry their state into
-- the catalogue rows, so every reader of the catalogue hides what is taken down or blocked through
-- one column: `listed`.

-- What is taken down now: one row per skin, bundle or comment an admin took down and did not restore.
create table moderated_items (
  item_type     text not null check (item_type in ('SKIN', 'BUNDLE', 'COMMENT')),
  item_id       bigint not null,
  taken_down_at timestamptz not null,
  -- The admin who acted (null for a step no person took).
  taken_down_by bigint,
  reason        text not null,
  primary key (item_type, item_id)
);

-- Every report: one per user and item; open until an admin upholds it (takes the item down) or
-- dismisses it.
create table item_reports (
  item_type       text not null check (item_type in ('SKIN', 'BUNDLE', 'COMMENT')),
  item_id         bigint not null,
  reporter_id     bigint not null,
  reason          text not null,
  text            text not null,
  reported_at     timestamptz not null,
  status          text not null check (status in ('OPEN', 'UPHELD', 'DISMISSED')),
  resolved_at     timestamptz,
  resolved_by     bigint,
  resolution_note text,
  primary key (item_type, item_id, reporter_id)
);
create index item_reports_open_idx on item_reports (item_type, item_id) where status = 'OPEN';

-- Accounts blocked now, by whom and why.
create table blocked_accounts (
  user_id    bigint primary key,
  blocked_at timestamptz not null,
  blocked_by bigint,
  reason     text not null
);

-- Every moderation step in the order it happened (the event's global position): the audit history.
create table moderation_log (
  position  bigint primary key,
  at        timestamptz not null,
  action    text not null,
  -- SKIN, BUNDLE, COMMENT or ACCOUNT.
  item_type text not null,
  item_id   bigint not null,
  actor_id  bigint,
  reason    text
);
create index moderation_log_item_idx on moderation_log (item_type, item_id, position);
create index moderation_log_actor_idx on moderation_log (actor_id, position);

-- The catalogue's side. `published` stays the author's own choice; `listed` is what the public sees.
alter table users add column blocked boolean not null default false;

alter table skins add column taken_down boolean not null default false;
alter table skins add column author_blocked boolean not null default false;
alter table skins add column listed boolean not null
  generated always as (published and deleted_at is null and not taken_down and not author_blocked) stored;

alter table bundles add column taken_down boolean not null default false;
alter table bundles add column author_blocked boolean not null default false;
alter table bundles add column listed boolean not null
  generated always as (published and deleted_at is null and not taken_down and not author_blocked) stored;

alter table comments add column removed boolean not null default false;
alter table comments add column author_blocked boolean not null default false;
alter table comments add column listed boolean not null generated always as (not removed and not author_blocked) stored;
create index comments_user_idx on comments (user_id);
-- The admin's list of every comment, newest first.
create index comments_created_idx on comments (created_at desc, id desc);

drop index skins_listing_idx;
drop index skins_game_listing_idx;
drop index skins_price_idx;
drop index bundles_listing_idx;
create index skins_listing_idx on skins (created_at desc, id desc) where listed;
create index skins_game_listing_idx on skins (game, created_at desc, id desc) where listed;
create index skins_price_idx on skins (price_cents, id) where listed;
create index bundles_listing_idx on bundles (game, created_at desc, id desc) where listed;

-- A takedown row appears or goes: the item's flag follows, in the same transaction.
create function set_taken_down(target_type text, target_id bigint, down boolean) returns void
language plpgsql as $$
begin
  case target_type
    when 'SKIN' then update skins set taken_down = down where id = target_id and taken_down <> down;
    when 'BUNDLE' then update bundles set taken_down = down where id = target_id and taken_down <> down;
    when 'COMMENT' then update comments set removed = down where id = target_id and removed <> down;
  end case;
end
$$;
create function moderated_items_to_catalogue() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform set_taken_down(old.item_type, old.item_id, false);
    return old;
  end if;
  perform set_taken_down(new.item_type, new.item_id, true);
  return new;
end
$$;
create trigger moderated_items_to_catalogue after insert or delete on moderated_items
  for each row execute function moderated_items_to_catalogue();

-- A block row appears or goes: the account and everything it made follow.
create function set_author_blocked(target_id bigint, is_blocked boolean) returns void language plpgsql as $$
begin
  update users set blocked = is_blocked where id = target_id and blocked <> is_blocked;
  update skins set author_blocked = is_blocked where author_id = target_id and author_blocked <> is_blocked;
  update bundles set author_blocked = is_blocked where author_id = target_id and author_blocked <> is_blocked;
  update comments set author_blocked = is_blocked where user_id = target_id and author_blocked <> is_blocked;
end
$$;
create function blocked_accounts_to_catalogue() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform set_author_blocked(old.user_id, false);
    return old;
  end if;
  perform set_author_blocked(new.user_id, true);
  return new;
end
$$;
create trigger blocked_accounts_to_catalogue after insert or delete on blocked_accounts
  for each row execute function blocked_accounts_to_catalogue();

-- Whatever writes a row for a blocked account (a tool, a session that raced the block) writes it hidden.
create function inherit_author_blocked() returns trigger language plpgsql as $$
begin
  new.author_blocked := exists (select 1 from users where id = new.author_id and blocked);
  return new;
end
$$;
create function inherit_commenter_blocked() returns trigger language plpgsql as $$
begin
  new.author_blocked := exists (select 1 from users where id = new.user_id and blocked);
  return new;
end
$$;
create trigger skins_inherit_author_blocked before insert on skins
  for each row execute function inherit_author_blocked();
create trigger bundles_inherit_author_blocked before insert on bundles
  for each row execute function inherit_author_blocked();
create trigger comments_inherit_commenter_blocked before insert on comments
  for each row execute function inherit_commenter_blocked();

-- A block ends every session of the account, as a new password or other roles do (migration 017).
create or replace function end_sessions_on_credential_change() returns trigger language plpgsql as $$
begin
  if new.password_hash is distinct from old.password_hash or new.roles is distinct from old.roles
     or new.blocked is distinct from old.blocked then
    new.session_version := old.session_version + 1;
  end if;
  return new;
end $$;
drop trigger users_end_sessions_on_credential_change on users;
create trigger users_end_sessions_on_credential_change before update of password_hash, roles, blocked on users
  for each row execute function end_sessions_on_credential_change();

-- The skins list's cards (migration 008) are listed when the skin is.
create or replace function refresh_skin_cards(ids bigint[]) returns void language sql as $$
  insert into skin_cards as c (
    skin_id, listed, deleted, game, title, description, price_cents, created_at,
    author_id, author_username, author_url, author_country, author_avatar,
    thumbnail_id, thumbnail_filename, thumbnail_title, thumbnail_description, thumbnail_position,
    thumbnail_width, thumbnail_height, rating_sum, rating_count, downloads_total, downloads_unique)
  select s.id, s.listed, s.deleted_at is not null, s.game, s.title, s.description,
         s.price_cents, s.created_at,
         u.id, u.username, u.url::text, u.country, u.avatar_filename,
         r.id, r.filename, r.title, r.description, r.position, r.width, r.height,
         coalesce(st.rating_sum, 0), coalesce(st.rating_count, 0),
         coalesce(st.downloads_total, 0), coalesce(st.downloads_unique, 0)
  from (select distinct unnest(ids) as id) k
  join skins s on s.id = k.id
  join users u on u.id = s.author_id
  left join skin_stats st on st.skin_id = s.id
  left join lateral (
    select id, filename, title, description, position, width, height from resources
    where skin_id = s.id and type = 'IMAGE' order by position, id limit 1) r on true
  on conflict (skin_id) do update set
    listed = excluded.listed, deleted = excluded.deleted, game = excluded.game, title = excluded.title,
    description = excluded.description, price_cents = excluded.price_cents, created_at = excluded.created_at,
    author_id = excluded.author_id, author_username = excluded.author_username,
    author_url = excluded.author_url, author_country = excluded.author_country,
    author_avatar = excluded.author_avatar, thumbnail_id = excluded.thumbnail_id,
    thumbnail_filename = excluded.thumbnail_filename, thumbnail_title = excluded.thumbnail_title,
    thumbnail_description = excluded.thumbnail_description,
    thumbnail_position = excluded.thumbnail_position, thumbnail_width = excluded.thumbnail_width,
    thumbnail_height = excluded.thumbnail_height, rating_sum = excluded.rating_sum,
    rating_count = excluded.rating_count, downloads_total = excluded.downloads_total,
    downloads_unique = excluded.downloads_unique
$$;
