-- Personal API tokens (docs/api-tokens.md). A plain table, like the accounts and their password
-- hashes: a token is a credential, not a business fact that anything replays or reconciles.
-- Only the SHA-256 of the secret is kept; `prefix` (the first characters after `tsk_`) lets the
-- owner tell tokens apart. Revoked tokens stay listed, with their revocation time.
create table api_tokens (
  id            bigint generated always as identity primary key,
  user_id       bigint not null references users (id) on delete cascade,
  name          text not null,
  prefix        text not null,
  secret_hash   text not null unique, -- hex of SHA-256(token)
  scopes        text[] not null,
  created_at    timestamptz not null,
  last_used_at  timestamptz,
  revoked_at    timestamptz
);

create index api_tokens_by_owner_idx on api_tokens (user_id, created_at desc, id desc);
