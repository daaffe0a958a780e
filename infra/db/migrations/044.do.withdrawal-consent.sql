-- Withdrawal consent (docs/withdrawal.md): checkout asks the buyer to consent to immediate delivery
-- and to acknowledge losing the right of withdrawal (Consumer Rights Directive 2011/83/EU, Art.
-- 16(m)). The orders read model (projections/orders.projection.ts) records whether it was asked
-- (OrderPlaced.withdrawalConsentAsked) and when and where it was given (WithdrawalConsentGiven).
-- Orders placed before it was asked read false / null: their downloads never wait for a consent.
alter table orders
  add column withdrawal_consent_asked boolean not null default false,
  add column withdrawal_consent_given_at timestamptz,
  add column withdrawal_consent_where text
    check (withdrawal_consent_where in ('CHECKOUT', 'CONFIRMATION_PAGE', 'COLLECTION'));

-- Paid orders whose downloads wait for the buyer's consent (the download check and the collection).
create index orders_awaiting_consent_idx on orders (buyer_user_id)
  where withdrawal_consent_asked and withdrawal_consent_given_at is null;

-- The buyer is mailed when they consent after checkout (api/mail/order-mails.reactor.ts).
alter table mail_deliveries drop constraint mail_deliveries_kind_check;
alter table mail_deliveries add constraint mail_deliveries_kind_check
  check (kind in ('ORDER_CONFIRMATION', 'ORDER_REFUND', 'AUTHOR_SALE', 'NOTIFICATION_DIGEST',
                  'ITEM_TAKEN_DOWN', 'ITEM_RESTORED', 'PAYOUT_SENT', 'WITHDRAWAL_CONSENT'));
