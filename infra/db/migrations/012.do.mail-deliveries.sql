-- Mail deliveries (docs/buying.md, "How order mails are sent"): an outbox written by the order-mails
-- reactor in the same transaction as its checkpoint, and drained by the mail sender outside it.
-- One row per mail that must go out; the unique key makes replays and re-runs record nothing twice.

create table mail_deliveries (
  id                bigint generated always as identity primary key,
  -- The event that asked for the mail (PaymentReceived, OrderRefunded).
  event_id          uuid not null,
  kind              text not null check (kind in ('ORDER_CONFIRMATION', 'ORDER_REFUND', 'AUTHOR_SALE')),
  -- Who it is for, stable across re-runs: 'buyer', or 'author:<user id>'.
  recipient_key     text not null,
  recipient_email   text not null,
  recipient_user_id bigint,
  order_id          bigint not null,
  -- What the mail says, copied from the recorded events when the delivery was recorded.
  payload           jsonb not null,
  status            text not null default 'PENDING' check (status in ('PENDING', 'SENT', 'FAILED')),
  attempts          integer not null default 0 check (attempts >= 0),
  last_error        text,
  next_attempt_at   timestamptz not null default now(),
  last_attempt_at   timestamptz,
  sent_at           timestamptz,
  created_at        timestamptz not null default now(),
  unique (event_id, kind, recipient_key),
  check ((status = 'SENT') = (sent_at is not null))
);

-- The sender's pick: due pending deliveries, oldest first.
create index mail_deliveries_due_idx on mail_deliveries (next_attempt_at, id) where status = 'PENDING';
create index mail_deliveries_order_idx on mail_deliveries (order_id, id);

-- Orders paid or refunded before this migration had their mails sent by the code of that time: the
-- reactor starts after the last event recorded so far instead of mailing the whole history again.
insert into projection_checkpoints (projection_name, last_transaction_id, last_position)
select 'order-mails', transaction_id, global_position
from events
order by transaction_id desc, global_position desc
limit 1
on conflict do nothing;
