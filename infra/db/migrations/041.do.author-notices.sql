-- Notifications are listed newest first by when their fact happened (created_at), not by the causing
-- event's position: the demo data and imports record facts with earlier dates after later ones.
create index notifications_by_date_idx on notifications (user_id, created_at desc, position desc);

-- Authors are mailed when an admin takes down or restores a skin or bundle of theirs and when a
-- payout of theirs is sent (api/mail/author-notice-mails.reactor.ts): three new kinds in the outbox.
alter table mail_deliveries drop constraint mail_deliveries_kind_check;
alter table mail_deliveries add constraint mail_deliveries_kind_check
  check (kind in ('ORDER_CONFIRMATION', 'ORDER_REFUND', 'AUTHOR_SALE', 'NOTIFICATION_DIGEST',
                  'ITEM_TAKEN_DOWN', 'ITEM_RESTORED', 'PAYOUT_SENT'));

-- Takedowns and payouts recorded before this migration were not mailed then: the reactor starts
-- after the last event recorded so far instead of mailing that history now.
insert into projection_checkpoints (projection_name, last_transaction_id, last_position)
select 'author-notice-mails', transaction_id, global_position
from events
order by transaction_id desc, global_position desc
limit 1
on conflict do nothing;
