-- Buying, finished (docs/buying.md): pending payments, provider refunds, PayPal webhooks, and the
-- claim that serialises a paid download against a refund of the same order.

-- A payment the provider accepted but has not settled (PaymentPending).
alter table orders drop constraint orders_status_check;
alter table orders add constraint orders_status_check check (status in
  ('BEFORE_CHECKOUT', 'PAYMENT_ON_THE_WAY', 'PAYMENT_PENDING', 'PAYMENT_RECEIVED', 'CANCELLED', 'REFUNDED'));
-- The provider's refund id of OrderRefunded (null for refunds recorded before providers refunded).
alter table orders add column provider_refund_id text;

-- The first paid download of a skin through an order, written under the order stream's advisory
-- lock (shared) before the file is served; a refund takes the same lock (exclusive) and refuses an
-- order with a claim. Not a read model: nothing rebuilds it, and it only ever grows.
create table paid_download_claims (
  order_id   bigint not null,
  skin_id    bigint not null,
  user_id    bigint not null,
  claimed_at timestamptz not null default now(),
  primary key (order_id, skin_id)
);

-- Provider notifications already handled (Stripe event ids, PayPal webhook event ids): a delivery
-- seen again is answered without being handled twice.
create table payment_webhook_events (
  provider    text not null check (provider in ('STRIPE', 'PAYPAL')),
  event_id    text not null,
  event_type  text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
