-- Tax documents (docs/invoices.md): the invoices and credit notes of the yearly series streams
-- (`invoices-2026`, `credit-notes-2026`), kept by the inline projection `invoices` in the
-- transaction that appends them. One invoice per order and one credit note per order are held by
-- the unique keys too, so even a numbering run that bypassed its lock could not document an order twice.
create table invoices (
  number            text primary key,
  year              integer not null,
  sequence          integer not null,
  order_id          bigint not null unique,
  order_external_id text not null,
  seller            jsonb not null,
  total_cents       integer not null,
  vat_cents         integer not null,
  issued_at         timestamptz not null,
  unique (year, sequence)
);

create table credit_notes (
  number            text primary key,
  year              integer not null,
  sequence          integer not null,
  order_id          bigint not null unique,
  order_external_id text not null,
  invoice_number    text not null,
  seller            jsonb not null,
  total_cents       integer not null,
  vat_cents         integer not null,
  issued_at         timestamptz not null,
  unique (year, sequence)
);
create index credit_notes_by_invoice_idx on credit_notes (invoice_number);

-- Payments and refunds recorded before this migration are not documented after the fact (that
-- would issue invoices dated in the past today): the numbering reactor starts after the last event
-- recorded so far. On an empty database (a new install, the demo) there is none and it starts at
-- the beginning.
insert into projection_checkpoints (projection_name, last_transaction_id, last_position)
select 'invoice-numbering', transaction_id, global_position
from events
order by transaction_id desc, global_position desc
limit 1
on conflict do nothing;
