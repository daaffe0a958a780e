-- The look-alike key of each account's username (usernameLookalikeKey in domain/accounts/username.ts):
-- names a reader could take for one another ("pixeIpilot", "pixelpilot") share it, and a new name
-- whose key is taken is refused. Computed by the app (the confusables table lives in JavaScript):
-- accounts made before this migration get theirs at the next start (backfillUsernameKeys); until
-- then, and for guest rows, it is null. Unique, so two look-alike registrations cannot both win a race.
alter table users add column username_key text;
create unique index users_username_key_idx on users (username_key);
