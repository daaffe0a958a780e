-- VAT in the payout statements and the sales statistics (docs/payouts.md, docs/statistics.md).
-- Orders record the VAT carved out of each item's price and tip (OrderPlaced items' vatCents,
-- totals.vatCents); orders placed before VAT recorded none, which reads as 0. Every row written
-- before this migration comes from such orders, so 0 is the true value there, not a guess: a rebuild
-- from the events gives the same rows.

-- The VAT of a payout line, copied from the order item (PayoutItem.vatCents); 0 for adjustments,
-- which take back only the author's share. gross = price + tip, net = gross − VAT.
alter table payout_lines add column vat_cents integer not null default 0;

-- What the sales statistics keep of each order: its VAT (items carry theirs in `items` as vatCents).
alter table sales_orders add column vat_cents integer not null default 0;

-- The VAT of the orders counted in a row (paid, refunded or cancelled, as the row's status says);
-- for an author's row, the VAT of their items only.
alter table sales_monthly add column vat_cents bigint not null default 0;

-- The VAT of the payments received on the day, and of the refunds made on it.
alter table sales_daily add column vat_cents bigint not null default 0;
alter table sales_daily add column refunded_vat_cents bigint not null default 0;

-- The VAT of an item's sales and of its refunds.
alter table sales_item_monthly add column sold_vat_cents bigint not null default 0;
alter table sales_item_monthly add column refunded_vat_cents bigint not null default 0;
alter table sales_item_totals add column sold_vat_cents bigint not null default 0;
alter table sales_item_totals add column refunded_vat_cents bigint not null default 0;

-- The VAT of an author's items sold, and of those refunded.
alter table sales_author_monthly add column vat_cents bigint not null default 0;
alter table sales_author_monthly add column refunded_vat_cents bigint not null default 0;

-- The whole site's best sellers in a span of months still read the months' rows from this index
-- alone, VAT included.
drop index sales_item_monthly_month_idx;
create index sales_item_monthly_month_idx on sales_item_monthly (item_type, month)
  include (item_id, sold_count, sold_cents, sold_vat_cents, refund_count, refunded_cents, refunded_vat_cents);
