-- Accounts prove their mailbox before a guest's purchases under the same email join them, and
-- sessions can be ended (docs/accounts.md).

-- When the account's current email was proven by opening the mailed link; null until then.
alter table users add column email_verified_at timestamptz;
-- Every session token carries the version it was signed at; a token of an older version is
-- refused on each request and on refresh. Raised by the trigger below and by "sign out everywhere".
alter table users add column session_version integer not null default 0;

-- Accounts made before verification existed had their guest purchases joined at registration:
-- they keep what they have and count as verified.
update users set email_verified_at = created_at where not anonymous;

-- A guest's purchases stay on the guest (anonymous) row of their email even when an account with
-- that email exists: one account and one guest row per email.
alter table users drop constraint users_email_key;
create unique index users_account_email_key on users (email) where not anonymous;
create unique index users_guest_email_key on users (email) where anonymous;

-- A new password, other roles or a block end every earlier session, whichever code path makes
-- the change (the API, an admin tool, plain SQL).
create function end_sessions_on_credential_change() returns trigger language plpgsql as $$
begin
  if new.password_hash is distinct from old.password_hash or new.roles is distinct from old.roles then
    new.session_version := old.session_version + 1;
  end if;
  return new;
end $$;
create trigger users_end_sessions_on_credential_change before update of password_hash, roles on users
  for each row execute function end_sessions_on_credential_change();

-- Links of verification mails: only the token's id is stored; a link works once, until it expires.
create table email_verification_links (
  token_id   text primary key,
  user_id    bigint not null references users (id) on delete cascade,
  email      citext not null,
  expires_at timestamptz not null,
  used_at    timestamptz,
  created_at timestamptz not null default now()
);
create index email_verification_links_user_idx on email_verification_links (user_id);
