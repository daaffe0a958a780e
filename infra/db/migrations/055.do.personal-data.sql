-- Personal data in events (docs/personal-data.md). Each person (subject: `user-{id}`, or
-- `email-{keyed hash}` for a guest buyer's address) has data keys of their own, stored here wrapped
-- by the key-encryption key (PERSONAL_DATA_KEY), never in an event. Destroying a person's keys makes
-- every encrypted field of theirs unreadable wherever the events are: the table, a replay, a copy.
create table personal_data_keys (
  key_id      text primary key,
  subject     text not null,
  wrapped_key bytea not null,
  created_at  timestamptz not null default now()
);
create index personal_data_keys_subject_idx on personal_data_keys (subject, created_at, key_id);

-- The persons whose keys were destroyed: an append for them stores the placeholder, and no new key
-- is ever made for them. The same list is kept outside the database (PERSONAL_DATA_ERASURES_FILE)
-- so that a restored backup made before an erasure gets it applied again.
create table personal_data_erasures (
  subject    text primary key,
  erased_at  timestamptz not null
);

-- What tax law keeps of a deleted buyer (Czech VAT Act §35, Art. 244-249 of Directive 2006/112/EC):
-- the name an invoice or credit note of theirs names, copied here when the account is deleted and
-- kept until the end of the retention period (1 January of the 11th year after the document's
-- year), then removed. Not a read model: no replay writes or empties it.
create table tax_record_buyers (
  order_id     bigint primary key,
  buyer_name   text not null,
  kept_until   date not null,
  recorded_at  timestamptz not null
);

-- Events stored before this migration hold their personal fields in the clear: the start rewrites
-- them once (infra/personal-data/seal-stored-events.ts), in batches, and records here that it finished.
create table personal_data_sealed_events (
  finished_at timestamptz not null
);
