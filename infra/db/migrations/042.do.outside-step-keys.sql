-- Commands with an outside step (infra/event-store/outside-step-command.ts, docs/architecture.md).

-- A SEPA file is stored before its payouts record the export, under the export command's key (the
-- payouts and their versions): an export tried again after a failure finds the file stored the
-- first time instead of making a second one. Files stored before this migration have no key.
alter table sepa_files add column idempotency_key text unique;

-- An admin's refund fences the order while the provider returns the money (outside any
-- transaction): a first paid download of the order is refused meanwhile, so a refund and a
-- download never both succeed (docs/buying.md). Lifted with the refund's append, or when the
-- provider refuses; a fence left by an interrupted refund counts for 15 minutes.
create table order_refund_fences (
  order_id   bigint primary key,
  fenced_at  timestamptz not null default now()
);
