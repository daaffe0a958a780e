-- Author sales (docs/sales-and-codes.md): the read models of the author-sales streams and the
-- regular-price history of every item, from which a sale's reference price (the lowest price of
-- the 30 days before it, Price Indication Directive Art. 6a) is read with one indexed query.

-- One row per sale, as last defined; stops_at is when it stops (its end, or its cancellation).
create table sales (
  sale_id text primary key,
  author_id bigint not null,
  name text not null,
  kind text not null check (kind in ('PERCENT', 'PRICE')),
  percent_off integer,
  sale_price_cents integer,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  cancelled_at timestamptz,
  stops_at timestamptz not null,
  scheduled_at timestamptz not null,
  updated_at timestamptz not null
);
create index sales_by_author on sales (author_id, starts_at desc);

-- The items of each sale with its times, so a running sale of an item is one index range read.
create table sale_items (
  sale_id text not null,
  item_type text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id bigint not null,
  starts_at timestamptz not null,
  stops_at timestamptz not null,
  primary key (sale_id, item_type, item_id)
);
create index sale_items_by_item on sale_items (item_type, item_id, stops_at);

-- The regular prices an item was offered at: its publication's price, then each price change.
create table item_price_history (
  item_type text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id bigint not null,
  position bigint not null,
  changed_at timestamptz not null,
  price_cents integer not null,
  primary key (item_type, item_id, position)
);
create index item_price_history_by_time on item_price_history (item_type, item_id, changed_at);

-- The catalogue's answers show running sales: a change to a sale empties the response cache.
create trigger sales_catalogue_changed after insert or update or delete or truncate on sales
  for each statement execute function notify_catalogue_changed();
