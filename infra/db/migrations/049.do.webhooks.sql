-- Webhooks (docs/webhooks.md): endpoints people register, the outbox of deliveries the webhooks
-- reactor records in the transaction of its checkpoint, and every attempt the sender made.

create table webhook_endpoints (
  id bigserial primary key,
  owner_id bigint not null references users (id) on delete cascade,
  -- AUTHOR: the owner's own facts; SITE: the whole site's (admins only, managed by any admin).
  scope text not null check (scope in ('AUTHOR', 'SITE')),
  url text not null,
  event_types text[] not null,
  -- Kept as given: the sender needs it to sign. Shown to the owner once, at creation and rotation.
  secret text not null,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED')),
  pause_reason text,
  paused_at timestamptz,
  -- Failed attempts in a row (any delivery) and when that run of failures began; a success resets both.
  consecutive_failures int not null default 0,
  failing_since timestamptz,
  created_at timestamptz not null default now(),
  secret_rotated_at timestamptz
);
create index webhook_endpoints_owner_idx on webhook_endpoints (owner_id, id);
create index webhook_endpoints_scope_idx on webhook_endpoints (scope) where scope = 'SITE';

create table webhook_deliveries (
  id bigserial primary key,
  endpoint_id bigint not null references webhook_endpoints (id) on delete cascade,
  -- The envelope's id: the same on every attempt and resend, so a receiver can drop duplicates.
  webhook_id uuid not null,
  event_id uuid not null,
  event_type text not null,
  -- The JSON envelope exactly as sent (the signature covers these bytes; a resend sends the same).
  body text not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'SUCCEEDED', 'FAILED')),
  -- Attempts of the current round (a resend starts a new round); the log keeps every attempt.
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A sender holds a delivery until then while its request is under way; a crash lets it go again.
  leased_until timestamptz,
  created_at timestamptz not null default now(),
  succeeded_at timestamptz,
  unique (endpoint_id, event_id, event_type)
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, id) where status = 'PENDING';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id desc);

create table webhook_attempts (
  id bigserial primary key,
  delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
  attempted_at timestamptz not null,
  duration_ms int not null,
  outcome text not null check (outcome in ('SUCCESS', 'HTTP_ERROR', 'NETWORK_ERROR', 'TIMEOUT', 'REFUSED_ADDRESS')),
  status_code int,
  error text,
  -- The first 1,000 characters of the receiver's answer.
  response_body text
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id);

-- A paused endpoint's owner is mailed (api/mail/author-notice-mails.reactor.ts).
alter table mail_deliveries drop constraint mail_deliveries_kind_check;
alter table mail_deliveries add constraint mail_deliveries_kind_check
  check (kind in ('ORDER_CONFIRMATION', 'ORDER_REFUND', 'AUTHOR_SALE', 'NOTIFICATION_DIGEST',
                  'ITEM_TAKEN_DOWN', 'ITEM_RESTORED', 'PAYOUT_SENT', 'WITHDRAWAL_CONSENT',
                  'WEBHOOK_ENDPOINT_PAUSED'));

-- The reactor starts after the last event recorded so far: no endpoint existed before.
insert into projection_checkpoints (projection_name, last_transaction_id, last_position)
select 'webhooks', transaction_id, global_position
from events
order by transaction_id desc, global_position desc
limit 1
on conflict do nothing;
