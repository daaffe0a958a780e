-- Rate limits shared by every app instance on the database, so that three instances do not triple
-- a budget. Unlogged: a commit that writes only these tables waits for no WAL flush, and losing the
-- counts in a crash merely resets the limits.

-- Fixed windows of the per-address HTTP limits (@fastify/rate-limit's store): one row per route and key.
create unlogged table rate_limit_windows (
  key text primary key,
  hits integer not null,
  resets_at timestamptz not null
);

-- Sliding logs of the per-user and per-account limits (comments, votes, reports, login tries …):
-- the times of each subject's recent allowed actions.
create unlogged table rate_limit_logs (
  limiter text not null,
  subject text not null,
  hits timestamptz[] not null,
  last_allowed boolean not null,
  last_hit_at timestamptz not null,
  primary key (limiter, subject)
);
