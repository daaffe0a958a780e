-- Each catalogue item's sales and refunds of all time, kept by the sales-statistics projection
-- beside the monthly rows: the best sellers of all time (the dashboards' default besides the
-- windows) read the first rows of an index instead of summing every item's months. Measured by
-- bench/dashboards.bench.ts (docs/performance.md, Dashboards).
create table sales_item_totals (
  item_type      text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id        bigint not null,
  author_id      bigint not null,
  sold_count     integer not null,
  sold_cents     bigint not null,
  refund_count   integer not null,
  refunded_cents bigint not null,
  primary key (item_type, item_id)
);
create index sales_item_totals_revenue_idx on sales_item_totals (item_type, sold_cents desc, item_id);
create index sales_item_totals_author_idx on sales_item_totals (author_id, item_type, sold_cents desc, item_id);

-- The monthly rows hold the same events: their sums are the totals up to the projection's checkpoint.
insert into sales_item_totals (item_type, item_id, author_id, sold_count, sold_cents, refund_count, refunded_cents)
select item_type, item_id, min(author_id), sum(sold_count), sum(sold_cents), sum(refund_count), sum(refunded_cents)
from sales_item_monthly
group by item_type, item_id;

-- The whole site's best sellers in a span of months read the months' rows from this index alone.
create index sales_item_monthly_month_idx on sales_item_monthly (item_type, month)
  include (item_id, sold_count, sold_cents, refund_count, refunded_cents);
