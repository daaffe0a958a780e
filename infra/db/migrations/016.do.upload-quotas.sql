-- Bytes each user uploaded per UTC day (POST /api/assets/temporary), for the daily upload budget.
-- Counted when the bytes arrive, kept after the uploads are used or removed; old days may be deleted.
create table upload_usage_daily (
  user_id bigint not null references users (id) on delete cascade,
  day     date not null,
  bytes   bigint not null check (bytes >= 0),
  primary key (user_id, day)
);
