-- Payouts (docs/payouts.md): the read models of the payout streams, kept by the inline projection
-- projections/payouts.projection.ts. Every value comes from the events, so a rebuild gives the same
-- rows. The payout-allocation reactor (a catch-up consumer of the order events) writes the events
-- that fill them.

create table payouts (
  id                  bigint primary key,
  author_id           bigint not null,
  status              text not null check (status in ('PENDING', 'LOCKED', 'SENT', 'ERROR')),
  -- What it holds now: the items' shares plus the adjustments (frozen from the lock on).
  amount_cents        integer not null,
  skin_count          integer not null,
  bundle_count        integer not null,
  adjustment_count    integer not null,
  -- The destination copied from the author's details at the lock (or the re-lock).
  payout_method       text check (payout_method in ('BANK_TRANSFER', 'PAYPAL')),
  destination         jsonb,
  -- The bank payout date it was locked for; null for PayPal and while pending.
  payout_date         date,
  export_batch_id     text,
  end_to_end_id       text,
  exported_at         timestamptz,
  transfer_reference  text,
  failure_reason      text,
  opened_at           timestamptz not null,
  locked_at           timestamptz,
  sent_at             timestamptz,
  failed_at           timestamptz,
  -- When the payout's latest event was recorded.
  updated_at          timestamptz not null
);
-- One open payout per author: a second one could only come from a bug, and is refused here too.
create unique index payouts_one_pending_idx on payouts (author_id) where status = 'PENDING';
create index payouts_author_idx on payouts (author_id, opened_at desc, id desc);
create index payouts_status_idx on payouts (status, opened_at desc, id desc);
create index payouts_opened_idx on payouts (opened_at desc, id desc);

-- The lines of a payout: sold items (kind ITEM) and refund adjustments (kind ADJUSTMENT, negative).
-- An item removed by a refund while its payout was open disappears; a locked payout's lines never change.
create table payout_lines (
  payout_id          bigint not null references payouts (id) on delete cascade,
  -- The version of the payout stream that added the line: stable across rebuilds.
  line_no            integer not null,
  kind               text not null check (kind in ('ITEM', 'ADJUSTMENT')),
  order_id           bigint not null,
  order_external_id  text not null,
  position           integer not null,
  item_type          text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id            bigint not null,
  name               text not null,
  price_cents        integer not null,
  tip_cents          integer not null,
  site_fee_cents     integer not null,
  payment_fee_cents  integer not null,
  author_share_cents integer not null,
  payment_type       text,
  -- The payout that held the refunded item (adjustments).
  from_payout_id     bigint,
  occurred_at        timestamptz not null,
  primary key (payout_id, line_no)
);
create index payout_lines_order_idx on payout_lines (order_id, position) where kind = 'ITEM';
