-- Sales statistics (docs/statistics.md): the read models of the catch-up projection
-- projections/sales-statistics.projection.ts, kept from the order events. Every amount is copied
-- from the events (integer cents) and every month or day is the UTC month or day of the event's
-- own time (receivedAt, refundedAt, cancelledAt), so a rebuild gives back the same rows. Every
-- figure is a sum that events only add to: refunds and cancellations are counted as themselves, in
-- their own month, and never subtracted from the sales of an earlier month.

-- What the projection needs to remember of each order it saw placed: a payment, refund or
-- cancellation event names only the order. `items`: [{ itemType, itemId, authorId, salesCents
-- (price + tip), authorShareCents, siteFeeCents, paymentFeeCents }].
create table sales_orders (
  order_id          bigint primary key,
  payment_type      text not null,
  total_cents       integer not null,
  site_fee_cents    integer not null,
  payment_fee_cents integer not null,
  items             jsonb not null
);

-- Orders per UTC month, payment status and payment type: PAYMENT_RECEIVED counts payments in the
-- month they arrived, REFUNDED refunds in the month they were made, CANCELLED cancellations.
-- author_id 0 is the whole site (order totals); an author's row counts the orders holding their
-- items and sums only their items' prices and tips.
create table sales_monthly (
  author_id      bigint not null,
  month          date not null,
  payment_status text not null check (payment_status in ('PAYMENT_RECEIVED', 'REFUNDED', 'CANCELLED')),
  payment_type   text not null,
  order_count    integer not null,
  total_cents    bigint not null,
  primary key (author_id, month, payment_status, payment_type)
);

-- The whole site's payments and refunds per UTC day (the money-spent windows are counted in days).
create table sales_daily (
  day                 date primary key,
  paid_count          integer not null,
  paid_cents          bigint not null,
  site_fee_cents      bigint not null,
  payment_fee_cents   bigint not null,
  refund_count        integer not null,
  refunded_cents      bigint not null
);

-- Sales and refunds of each catalogue item (a skin, or a bundle as one item) per UTC month.
create table sales_item_monthly (
  item_type      text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id        bigint not null,
  month          date not null,
  author_id      bigint not null,
  sold_count     integer not null,
  sold_cents     bigint not null,
  refund_count   integer not null,
  refunded_cents bigint not null,
  primary key (item_type, item_id, month)
);
create index sales_item_monthly_author_idx on sales_item_monthly (author_id, item_type, item_id);

-- Each author's items sold and earnings (author shares) per UTC month, and what refunds took back.
create table sales_author_monthly (
  author_id            bigint not null,
  month                date not null,
  items_sold           integer not null,
  sales_cents          bigint not null,
  author_share_cents   bigint not null,
  items_refunded       integer not null,
  refunded_cents       bigint not null,
  refunded_share_cents bigint not null,
  primary key (author_id, month)
);
