-- Authors' payout preferences (docs/payouts.md "Payout preferences"), kept by the inline
-- projection projections/payout-preferences.projection.ts from PayoutPreferencesChanged. An author
-- without a row has the defaults: the site's minimum, every bank payout date, not held.
create table payout_preferences (
  author_id       bigint primary key,
  threshold_cents integer not null check (threshold_cents >= 5000),
  schedule        text not null check (schedule in ('TWICE_MONTHLY', 'MONTHLY', 'QUARTERLY')),
  held            boolean not null,
  changed_at      timestamptz not null
);

-- Views of item pages (docs/statistics.md "Per item"): one count per item and UTC day, nothing
-- about who viewed. Bots (by their user agent) and the item's own author are not counted. A plain
-- counter, not an event: it moves no money and no ownership, and a view is not a fact anyone
-- decides on.
create table item_views_daily (
  item_type text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id   bigint not null,
  day       date not null,
  views     integer not null,
  primary key (item_type, item_id, day)
);

-- Each item's sales by where its price came from (docs/statistics.md "Per item"), kept by the
-- catch-up projection projections/item-sales-by-source.projection.ts: SALE when the ordered item
-- recorded a sale's reduction, CODE when a discount code's (and no sale), FULL_PRICE otherwise.
-- item_sales_orders remembers each order's items as placed (a payment or refund names only the
-- order).
create table item_sales_orders (
  order_id bigint primary key,
  items    jsonb not null
);
create table item_sales_by_source (
  item_type          text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id            bigint not null,
  source             text not null check (source in ('SALE', 'CODE', 'FULL_PRICE')),
  author_id          bigint not null,
  sold_count         integer not null,
  -- price + tip: what the buyers paid, VAT included.
  sold_cents         bigint not null,
  author_share_cents bigint not null,
  refund_count       integer not null,
  refunded_cents     bigint not null,
  primary key (item_type, item_id, source)
);
create index item_sales_by_source_author_idx on item_sales_by_source (author_id);

-- Each item's purchases per UTC day of the payment, by the same projection: conversion compares
-- the views of a span with the purchases of the same span (views are counted only since this
-- migration).
create table item_sales_daily (
  item_type  text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id    bigint not null,
  day        date not null,
  author_id  bigint not null,
  sold_count integer not null,
  primary key (item_type, item_id, day)
);
create index item_sales_daily_author_idx on item_sales_daily (author_id, day);
