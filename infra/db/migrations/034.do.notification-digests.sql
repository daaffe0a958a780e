-- Notification mails (docs/community.md, "Mail digests"): each user's choice of a daily or weekly
-- digest of their unread notifications, and how far the digests have gone. A setting, not a money
-- or ownership fact, so an ordinary table (like the profile): no row means OFF, the default for
-- every account.
create table notification_digests (
  user_id             bigint primary key references users (id) on delete cascade,
  frequency           text not null default 'OFF' check (frequency in ('OFF', 'DAILY', 'WEEKLY')),
  -- Notifications up to this position (their causing event's global position) were considered by
  -- a digest already: mailed, or read in the app before the digest was made.
  sent_up_to_position bigint not null default 0,
  last_sent_at        timestamptz,
  changed_at          timestamptz not null default now()
);
-- The digest job's pick: the users who want mail.
create index notification_digests_on_idx on notification_digests (user_id) where frequency <> 'OFF';

-- Digests go through the mail outbox (migration 012) like the order mails: a new kind, and no order.
alter table mail_deliveries drop constraint mail_deliveries_kind_check;
alter table mail_deliveries add constraint mail_deliveries_kind_check
  check (kind in ('ORDER_CONFIRMATION', 'ORDER_REFUND', 'AUTHOR_SALE', 'NOTIFICATION_DIGEST'));
alter table mail_deliveries alter column order_id drop not null;
