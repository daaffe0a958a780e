create extension if not exists citext;

-- Accounts are ordinary rows (decisions.md): what moves money or ownership is an event elsewhere.
create table users (
  id                  bigint generated always as identity primary key,
  url                 citext not null unique,
  username            citext not null unique,
  email               citext not null unique,
  password_hash       text,
  -- Guests who bought without an account; excluded from the admin's user list unless asked for.
  anonymous           boolean not null default false,
  roles               text[] not null default array['regular'],
  fullname            text,
  country             text,
  language            text not null default 'en',
  subscribed_to_news  boolean not null default false,
  avatar_filename     text,
  description         text,
  twitter             text,
  instagram           text,
  twitch              text,
  discord             text,
  facebook            text,
  website             text,
  payout_method       text check (payout_method in ('PAYPAL', 'BANK_TRANSFER')),
  paypal_account      text,
  bank_account_iban   text,
  bank_account_bic    text,
  street              text,
  city                text,
  created_at          timestamptz not null default now(),
  modified_at         timestamptz not null default now()
);
create index users_created_at_idx on users (created_at desc, id desc);
create extension if not exists pg_trgm;
create index users_search_idx on users using gin ((username::text || ' ' || email::text) gin_trgm_ops);

-- Password reset codes are stored hashed; a code works once, for an hour.
create table password_reset_codes (
  code_hash  text primary key,
  user_id    bigint not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at    timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_codes_user_idx on password_reset_codes (user_id);
