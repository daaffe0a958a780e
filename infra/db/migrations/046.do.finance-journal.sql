-- The finance journal (projections/finance-journal.projection.ts, docs/finance.md): double-entry
-- entries booked from the money events, one per event that moved money, with their lines.

-- What booking needs of each order placed: its recorded amounts, VAT and documents (LedgerOrder).
create table finance_orders (
  order_id bigint primary key,
  facts jsonb not null
);

-- One entry per event that moved money; its id is the event's global position.
create table finance_entries (
  entry_id bigint primary key,
  kind text not null check (kind in ('SALE', 'REFUND', 'LATE_PAYMENT', 'LATE_PAYMENT_RETURNED',
                                     'PAYOUT_SENT', 'PAYOUT_RETURNED')),
  booked_at timestamptz not null,
  -- The first day of the entry's UTC month.
  month date not null,
  order_id bigint,
  order_external_id text,
  payout_id bigint,
  document_number text,
  description text not null,
  amount_cents bigint not null,
  vat_cents bigint not null,
  site_fee_cents bigint not null,
  payment_fee_cents bigint not null,
  author_share_cents bigint not null,
  vat_treatment text,
  vat_country text,
  vat_rate_basis_points integer
);
create index finance_entries_month_idx on finance_entries (month, entry_id);
create index finance_entries_order_idx on finance_entries (order_id) where order_id is not null;
-- A payout's latest entry says whether it is out (sent) and for how much.
create index finance_entries_payout_idx on finance_entries (payout_id, entry_id) where payout_id is not null;

create table finance_journal_lines (
  entry_id bigint not null,
  line_no smallint not null,
  account text not null,
  debit_cents bigint not null check (debit_cents >= 0),
  credit_cents bigint not null check (credit_cents >= 0),
  primary key (entry_id, line_no)
);
create index finance_journal_lines_account_idx on finance_journal_lines (account, entry_id);
