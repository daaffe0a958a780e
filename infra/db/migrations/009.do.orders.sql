-- Buying (docs/buying.md): the read models of the order streams and of who owns what. Both are
-- inline projections (projections/orders.projection.ts, projections/ownership.projection.ts), so a
-- buyer sees the order and what it grants in the transaction that records it. Every value comes
-- from the events (no defaults from the clock), so a rebuild gives back the same rows.

-- Order ids are taken from this sequence before the order's stream `order-{id}` is written.
create sequence order_ids;

create table orders (
  id                  bigint primary key,
  -- The order number shown to people.
  external_id         text not null unique,
  -- The account the order belongs to: the buyer's, or the guest (anonymous) row of the email given.
  buyer_user_id       bigint,
  buyer_email         citext not null,
  buyer_name          text not null,
  buyer_country       text,
  -- Placed without being signed in.
  guest               boolean not null,
  payment_type        text not null check (payment_type in ('STRIPE', 'PAYPAL')),
  status              text not null check (status in
                        ('BEFORE_CHECKOUT', 'PAYMENT_ON_THE_WAY', 'PAYMENT_RECEIVED', 'CANCELLED', 'REFUNDED')),
  total_cents         integer not null,
  site_fee_cents      integer not null,
  payment_fee_cents   integer not null,
  author_share_cents  integer not null,
  fee_policy_version  text not null,
  -- The latest provider session, then the one that was paid.
  provider            text check (provider in ('STRIPE', 'PAYPAL', 'LOCAL')),
  provider_reference  text,
  provider_event_id   text,
  placed_at           timestamptz not null,
  session_opened_at   timestamptz,
  payment_received_at timestamptz,
  cancelled_at        timestamptz,
  cancel_reason       text,
  refunded_at         timestamptz,
  refunded_by         bigint,
  refund_reason       text,
  -- When the order's latest event was recorded.
  updated_at          timestamptz not null
);
create index orders_buyer_idx on orders (buyer_user_id, placed_at desc, id desc);
create index orders_placed_idx on orders (placed_at desc, id desc);
create index orders_status_idx on orders (status, placed_at desc, id desc);
create index orders_unpaid_idx on orders (placed_at) where status in ('BEFORE_CHECKOUT', 'PAYMENT_ON_THE_WAY');
create index orders_search_idx on orders
  using gin ((external_id || ' ' || buyer_email::text || ' ' || buyer_name) gin_trgm_ops);

create table order_items (
  order_id           bigint not null references orders (id) on delete cascade,
  position           integer not null,
  item_type          text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id            bigint not null,
  name               text not null,
  author_id          bigint not null,
  price_cents        integer not null,
  tip_cents          integer not null,
  site_fee_cents     integer not null,
  payment_fee_cents  integer not null,
  author_share_cents integer not null,
  -- A bundle's skins when it was bought (empty for a skin).
  skin_ids           bigint[] not null,
  primary key (order_id, position)
);
create index order_items_item_idx on order_items (item_type, item_id);
create index order_items_author_idx on order_items (author_id, order_id);

-- Every provider session opened for an order: the webhook, the PayPal capture and the local
-- checkout page find their order by the provider's reference.
create table order_payment_sessions (
  provider           text not null check (provider in ('STRIPE', 'PAYPAL', 'LOCAL')),
  provider_reference text not null,
  order_id           bigint not null references orders (id) on delete cascade,
  url                text,
  opened_at          timestamptz not null,
  primary key (provider, provider_reference)
);
create index order_payment_sessions_order_idx on order_payment_sessions (order_id);

-- What each order grants, written when it is placed and owned from the payment (acquired_at set)
-- until a refund or cancellation removes the order's rows. Owning a bundle owns the skins it held
-- when it was bought; a skin owned through several orders has a row for each.
create table owned_bundles (
  order_id    bigint not null,
  bundle_id   bigint not null,
  user_id     bigint not null,
  acquired_at timestamptz,
  primary key (order_id, bundle_id)
);
create index owned_bundles_user_idx on owned_bundles (user_id, bundle_id) where acquired_at is not null;

create table owned_skins (
  order_id    bigint not null,
  skin_id     bigint not null,
  -- The bundle it came in; 0 when bought alone.
  bundle_id   bigint not null,
  user_id     bigint not null,
  acquired_at timestamptz,
  primary key (order_id, skin_id, bundle_id)
);
create index owned_skins_user_idx on owned_skins (user_id, skin_id) where acquired_at is not null;
create index owned_skins_skin_idx on owned_skins (skin_id) where acquired_at is not null;
