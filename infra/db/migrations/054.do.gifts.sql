-- Gifts (docs/gifts.md): an order bought for someone else, claimed by whoever opens the link mailed
-- to the recipient's address while signed in.

-- The gifts read model (projections/gifts.projection.ts, inline): one row per gift order, from
-- GiftGiven, GiftClaimed and the order's cancellation or refund. Every value comes from the events.
create table gifts (
  order_id        bigint primary key,
  -- The account that bought the order (the giver); null only for an order without an account.
  giver_user_id   bigint,
  recipient_email citext not null,
  note            text,
  given_at        timestamptz not null,
  -- OPEN until claimed; ENDED when the order was refunded or cancelled (an unpaid gift).
  status          text not null check (status in ('OPEN', 'CLAIMED', 'ENDED')),
  claimed_by      bigint,
  claimed_at      timestamptz,
  ended_at        timestamptz,
  end_reason      text check (end_reason in ('REFUNDED', 'CANCELLED'))
);
create index gifts_giver_idx on gifts (giver_user_id);
create index gifts_claimed_by_idx on gifts (claimed_by) where claimed_by is not null;

-- The claim links mailed to the recipient (api/gifts/gift-claim-links.ts): the mail carries a
-- token signed with the server's secret that names the link's id; the row says whether it is
-- still good. A link works once (used_at), and not after its expiry; a refund ends the gift and
-- with it every link (the gift decider refuses). The giver's resends add links, rate-limited by
-- the rows' times.
create table gift_claim_links (
  link_id    text primary key,
  order_id   bigint not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at    timestamptz,
  used_by    bigint,
  -- GIVEN: mailed after the payment; RESENT: the giver asked for the mail again.
  reason     text not null check (reason in ('GIVEN', 'RESENT'))
);
create index gift_claim_links_order_idx on gift_claim_links (order_id, created_at desc);

-- The recipient's mail goes through the outbox like the others.
alter table mail_deliveries drop constraint mail_deliveries_kind_check;
alter table mail_deliveries add constraint mail_deliveries_kind_check
  check (kind in ('ORDER_CONFIRMATION', 'ORDER_REFUND', 'AUTHOR_SALE', 'NOTIFICATION_DIGEST',
                  'ITEM_TAKEN_DOWN', 'ITEM_RESTORED', 'PAYOUT_SENT', 'WITHDRAWAL_CONSENT',
                  'WEBHOOK_ENDPOINT_PAUSED', 'GIFT_RECEIVED'));

-- The gift mails reactor starts after the last event recorded so far: no gift existed before.
insert into projection_checkpoints (projection_name, last_transaction_id, last_position)
select 'gift-mails', transaction_id, global_position
from events
order by transaction_id desc, global_position desc
limit 1
on conflict do nothing;
