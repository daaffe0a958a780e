-- VAT on orders (docs/vat.md), copied from OrderPlaced.vat and PaymentReceived.cardCountry. Orders
-- placed before VAT keep the defaults: no VAT (0), no treatment.
alter table orders
  add column vat_cents             integer not null default 0,
  add column vat_treatment         text check (vat_treatment in
                                     ('OSS', 'DOMESTIC', 'REVERSE_CHARGE', 'OUTSIDE_EU', 'NOT_REGISTERED')),
  add column vat_country           text,
  add column vat_rate_basis_points integer,
  add column vat_rate_set_version  text,
  add column buyer_vat_id          text,
  -- How the VAT ID was checked: { source: VIES | LOCAL, requestIdentifier, checkedAt }.
  add column vat_id_check          jsonb,
  -- The location evidence: the billing country is buyer_country.
  add column ip_country            text,
  add column evidence_rule         text check (evidence_rule in ('BILLING_AND_IP_AGREE', 'BUYER_CONFIRMED')),
  -- The card's issuing country, when the payment provider reported it.
  add column card_country          text;

alter table order_items
  add column vat_cents        integer not null default 0,
  -- The catalogue price when a reverse-charge buyer was charged less (price_cents).
  add column list_price_cents integer;
