-- Statements of reasons and appeals (Digital Services Act 2022/2065 Art. 17 and 20; docs/moderation.md).
-- One row per decision that restricts a person: a takedown of their skin or bundle, the removal of
-- their comment, a block of their account, a payout of theirs held as failed. Its id is the global
-- position of the decision's event; the appeal (at most one) and its answer sit on the same row.
-- Kept by the inline moderation projection.
create table statements_of_reasons (
  id                bigint primary key,
  kind              text not null check (kind in ('TAKEDOWN', 'COMMENT_REMOVAL', 'ACCOUNT_BLOCK', 'PAYOUT_HOLD')),
  -- The person the decision concerns and the statement is sent to.
  user_id           bigint not null,
  -- SKIN, BUNDLE, COMMENT, ACCOUNT or PAYOUT, and its id.
  item_type         text not null,
  item_id           bigint not null,
  -- The rule of the terms (domain/moderation/terms-grounds.ts) and the facts as the admin wrote them.
  ground            text not null,
  facts             text not null,
  -- Whether the decision was taken by automated means (no person acted).
  automated         boolean not null,
  decided_by        bigint,
  issued_at         timestamptz not null,
  appeal_text       text,
  appealed_at       timestamptz,
  appeal_position   bigint,
  appeal_outcome    text check (appeal_outcome in ('UPHELD', 'REVERSED')),
  appeal_reason     text,
  appeal_decided_at timestamptz,
  appeal_decided_by bigint
);
create index statements_of_reasons_user_idx on statements_of_reasons (user_id, id desc);
create index statements_of_reasons_appeals_idx on statements_of_reasons (appeal_position desc)
  where appeal_position is not null;

-- Payouts marked as failed before this migration held an author's money too: their statements are
-- rebuilt from the events here, as the projection would have written them (takedowns and blocks
-- recorded before it named no rule of the terms and were told by the earlier notice mail).
insert into statements_of_reasons (id, kind, user_id, item_type, item_id, ground, facts, automated,
                                   decided_by, issued_at)
select e.global_position, 'PAYOUT_HOLD', p.author_id, 'PAYOUT', p.id, 'PAYOUT_DETAILS',
       e.data->>'reason', e.metadata->'actor'->>'userId' is null,
       (e.metadata->'actor'->>'userId')::bigint, (e.data->>'failedAt')::timestamptz
from events e
join payouts p on p.id = (e.data->>'payoutId')::bigint
where e.event_type = 'PayoutFailed'
on conflict do nothing;

-- Statements, appeal answers, report confirmations and report outcomes are mailed by their own
-- reactor (api/mail/statement-mails.reactor.ts); the gifts' mail kind (054) stays allowed.
alter table mail_deliveries drop constraint mail_deliveries_kind_check;
alter table mail_deliveries add constraint mail_deliveries_kind_check
  check (kind in ('ORDER_CONFIRMATION', 'ORDER_REFUND', 'AUTHOR_SALE', 'NOTIFICATION_DIGEST',
                  'ITEM_TAKEN_DOWN', 'ITEM_RESTORED', 'PAYOUT_SENT', 'WITHDRAWAL_CONSENT',
                  'WEBHOOK_ENDPOINT_PAUSED', 'GIFT_RECEIVED', 'STATEMENT_OF_REASONS', 'APPEAL_DECIDED',
                  'REPORT_RECEIVED', 'REPORT_RESOLVED'));

-- The reactor starts after the last event recorded so far: what came before was told by the
-- earlier notice mails (or not at all), and mailing that history now would only confuse.
insert into projection_checkpoints (projection_name, last_transaction_id, last_position)
select 'statement-mails', transaction_id, global_position
from events
order by transaction_id desc, global_position desc
limit 1
on conflict do nothing;

-- Verified reviews (api/catalogue/verified-reviews.ts): whether a vote's or a comment's writer owned
-- or downloaded the item when writing it. Votes carry it in their event (SkinRated.verified); votes
-- recorded before did not check it and stay unverified. Comments are rows: those written before are
-- checked here against what their writer owned or downloaded by the comment's time.
alter table skin_ratings add column verified boolean not null default false;
alter table comments add column verified boolean not null default false;
update comments c set verified = true
where (c.skin_id is not null and (
         exists (select 1 from owned_skins o where o.user_id = c.user_id and o.skin_id = c.skin_id
                 and o.acquired_at is not null and o.acquired_at <= c.created_at)
         or exists (select 1 from skin_downloaders d where d.skin_id = c.skin_id
                    and d.downloader = 'user:' || c.user_id and d.first_at <= c.created_at)))
   or (c.bundle_id is not null and (
         exists (select 1 from owned_bundles o where o.user_id = c.user_id and o.bundle_id = c.bundle_id
                 and o.acquired_at is not null and o.acquired_at <= c.created_at)
         or exists (select 1 from bundle_skins bs join skin_downloaders d on d.skin_id = bs.skin_id
                    where bs.bundle_id = c.bundle_id and d.downloader = 'user:' || c.user_id
                      and d.first_at <= c.created_at)));
