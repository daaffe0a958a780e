-- Pay what you want (docs/buying.md, "Tips and pay what you want"): an author may let buyers pay
-- more than a paid item's price, which then is the least a buyer pays.
alter table skins add column pay_what_you_want boolean not null default false;
alter table bundles add column pay_what_you_want boolean not null default false;
