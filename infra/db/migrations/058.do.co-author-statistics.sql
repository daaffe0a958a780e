-- Co-authors in the sales statistics (docs/statistics.md, docs/co-authors.md): each author of a
-- co-authored item sees the item's sales with the item's whole author share (before the split)
-- and their own part (after it). An order that recorded no split (sold alone, or before
-- co-authors) is its owner's whole share, as before.

-- Each item's sales and refunds per UTC month for each author with a part of it (the owner of an
-- item sold alone too): the item's price + tip and VAT whole, `share_cents` its whole author share,
-- `part_cents` this author's part. Authors' own lists of best sellers read it; the site's read
-- sales_item_monthly, where an item counts once.
create table sales_item_author_monthly (
  item_type            text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id              bigint not null,
  author_id            bigint not null,
  month                date not null,
  sold_count           integer not null,
  sold_cents           bigint not null,
  sold_vat_cents       bigint not null,
  share_cents          bigint not null,
  part_cents           bigint not null,
  refund_count         integer not null,
  refunded_cents       bigint not null,
  refunded_vat_cents   bigint not null,
  refunded_share_cents bigint not null,
  refunded_part_cents  bigint not null,
  primary key (item_type, item_id, author_id, month)
);
create index sales_item_author_monthly_author_idx on sales_item_author_monthly (author_id, item_type, month);

-- sales_author_monthly: author_share_cents is now each author's own part (a co-author's row counts
-- the co-authored items they have a part in), and author_id 0 is the whole site, each item once.

-- Each item's sales by price source, one row per author with a part: `author_part_cents` is this
-- author's part of `author_share_cents` (the item's whole author share).
alter table item_sales_by_source add column author_part_cents bigint not null default 0;
alter table item_sales_by_source drop constraint item_sales_by_source_pkey;
alter table item_sales_by_source add primary key (item_type, item_id, source, author_id);

-- Both projections start over from the events, so the rows of orders placed with a split give
-- each author their part (the projections also keep each order's split now).
truncate sales_orders, sales_monthly, sales_daily, sales_item_monthly, sales_item_totals, sales_author_monthly;
truncate item_sales_orders, item_sales_by_source, item_sales_daily;
update projection_checkpoints set last_transaction_id = '0'::xid8, last_position = 0, events_applied = 0, updated_at = now()
where projection_name in ('sales-statistics', 'item-sales-by-source');
