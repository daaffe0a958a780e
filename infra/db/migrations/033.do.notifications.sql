-- Notifications, a catch-up read model of the community's events (projections/notifications.projection.ts,
-- docs/community.md). One row per person told about one fact; `position` is the causing event's
-- global position, so rows and read marks stay the same when the model is rebuilt.
create table notifications (
  user_id    bigint not null,
  position   bigint not null,
  -- NEW_ITEM, NEW_VERSION, PRICE_DROP, JOINED_BUNDLE, SALE
  kind       text not null,
  item_type  text,
  item_id    bigint,
  -- One plain-text line, and the site-relative address of what it is about.
  message    text not null,
  link       text not null,
  created_at timestamptz not null,
  primary key (user_id, position, kind)
);
create index notifications_recent_idx on notifications (user_id, position desc);

-- What each person has seen: everything up to this position counts as read. Not rebuilt.
create table notification_reads (
  user_id             bigint primary key references users (id) on delete cascade,
  read_up_to_position bigint not null
);

-- The notifications projection's own copy of who is told about what, fed by the events in feed
-- order (so a rebuild fans out to exactly the people the live run did): follows, wishes, and the
-- skins each paid order grants (removed by a refund).
create table notification_follows (
  author_id bigint not null,
  user_id   bigint not null,
  primary key (author_id, user_id)
);
create table notification_wishes (
  item_type text not null,
  item_id   bigint not null,
  user_id   bigint not null,
  primary key (item_type, item_id, user_id)
);
create table notification_owners (
  skin_id  bigint not null,
  user_id  bigint not null,
  order_id bigint not null,
  primary key (skin_id, user_id, order_id)
);
create index notification_owners_order_idx on notification_owners (order_id);
