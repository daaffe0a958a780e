-- Discount codes (docs/sales-and-codes.md, "Discount codes"): the inline read model of the
-- discount-code streams (projections/discount-codes.projection.ts). No foreign keys: the events are
-- the record, and a replay must never fail on a row they name.

-- One row per code, the code in capitals (unique on the site: the stream id is the code).
create table discount_codes (
  code              text primary key,
  author_id         bigint not null,
  reduction_kind    text not null check (reduction_kind in ('PERCENT', 'AMOUNT')),
  percent           integer,
  amount_cents      bigint,
  all_items         boolean not null,
  -- [{itemType, itemId}] when not all_items.
  items             jsonb not null,
  max_uses          integer,
  expires_at        timestamptz,
  -- {item: {itemType, itemId, name}, before} or null.
  earlier_buyers_of jsonb,
  active            boolean not null,
  deactivated_at    timestamptz,
  -- Redemptions not released: what counts against max_uses.
  uses              integer not null check (uses >= 0),
  created_at        timestamptz not null
);
create index discount_codes_author_idx on discount_codes (author_id, created_at desc, code);

-- Each order's use of a code (one per order), with the cents it took off and whether it was
-- released because the order closed unpaid.
create table discount_code_redemptions (
  code           text not null,
  order_id       text not null,
  cents          bigint not null,
  items          jsonb not null,
  redeemed_at    timestamptz not null,
  released_at    timestamptz,
  release_reason text,
  primary key (code, order_id)
);
create index discount_code_redemptions_order_idx on discount_code_redemptions (order_id);
