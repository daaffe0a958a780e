-- SEPA files (docs/payouts.md, "One bank file per payout"): every credit transfer file the export
-- made is kept as it was downloaded, so a download is a read of the stored file, never a new file.
-- Written in the transaction that appends each payout's PayoutExported (which names the file by
-- its id); not a read model, so a replay leaves it alone.
create table sepa_files (
  id              uuid primary key,
  -- The file's message id (MsgId), the batch reference the bank shows.
  message_id      text not null unique,
  filename        text not null,
  xml             text not null,
  payout_ids      bigint[] not null,
  payout_count    integer not null,
  total_cents     bigint not null,
  -- The requested execution date written in the file.
  execution_date  date not null,
  created_at      timestamptz not null,
  -- The admin who exported it.
  created_by      bigint not null
);
create index sepa_files_created_idx on sepa_files (created_at desc);

-- The payouts read model names the stored file that holds a payout (cleared when it is withdrawn).
alter table payouts add column export_file_id uuid;
create index payouts_exported_idx on payouts (exported_at desc) where exported_at is not null;
create index payouts_sent_idx on payouts (sent_at desc) where sent_at is not null;
