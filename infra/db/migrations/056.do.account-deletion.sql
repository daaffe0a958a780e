-- Account deletion (docs/account-deletion.md). The fact is the `AccountDeleted` event on the
-- account's stream; these rows are what the deletion handler changes in the same transaction.

-- When the account was deleted: it cannot sign in, its sessions and tokens count no more, and the
-- public sees "deleted user" in its place.
alter table users add column deleted_at timestamptz;

-- The deletions, for the admins' audit: who asked (the owner, or an admin on the person's request,
-- with the admin's reason). The reason stays here and never in the event log.
create table account_deletions (
  user_id       bigint primary key,
  deleted_at    timestamptz not null,
  by_whom       text not null check (by_whom in ('SELF', 'ADMIN')),
  admin_id      bigint,
  reason        text,
  -- Pending earnings under the minimum payout that the person gave up by deleting (cents).
  earnings_given_up_cents integer not null default 0,
  check ((by_whom = 'ADMIN') = (admin_id is not null)),
  check (by_whom = 'SELF' or reason is not null)
);
create index account_deletions_deleted_at_idx on account_deletions (deleted_at desc, user_id desc);

-- Usernames of deleted accounts are never given out again, so nobody can pass as the person who
-- left. Only a SHA-256 of the name's look-alike key is kept (migration 040), which refuses the
-- name and every look-alike of it without keeping the name readable.
create table retired_username_keys (
  key_hash   text primary key,
  retired_at timestamptz not null
);

-- A deleted account's sessions are refused on every request (its session version moves on).
create or replace function end_sessions_on_credential_change() returns trigger language plpgsql as $$
begin
  if new.password_hash is distinct from old.password_hash or new.roles is distinct from old.roles
     or new.blocked is distinct from old.blocked or new.deleted_at is distinct from old.deleted_at then
    new.session_version := old.session_version + 1;
  end if;
  return new;
end $$;
drop trigger users_end_sessions_on_credential_change on users;
create trigger users_end_sessions_on_credential_change
  before update of password_hash, roles, blocked, deleted_at on users
  for each row execute function end_sessions_on_credential_change();
