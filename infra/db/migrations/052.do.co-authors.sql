-- Co-authors (docs/co-authors.md): the read model of the `co-authors-*` streams, kept by the inline
-- projection projections/co-authors.projection.ts (every value comes from the events, so a rebuild
-- gives the same rows), and the split of a co-authored item on each author's payout line.

-- The authors of a co-authored item: its owner (from the first invitation on), the open invitations
-- and the accepted co-authors. An item nobody was ever invited to has no rows: its owner alone.
create table item_authors (
  item_type    text not null check (item_type in ('SKIN', 'BUNDLE')),
  item_id      bigint not null,
  author_id    bigint not null,
  role         text not null check (role in ('OWNER', 'INVITED', 'ACCEPTED')),
  weight       integer not null check (weight > 0),
  -- When they were invited and accepted (null for the owner; accepted_at null while invited).
  invited_at   timestamptz,
  accepted_at  timestamptz,
  primary key (item_type, item_id, author_id)
);
-- An author's co-authored items and invitations.
create index item_authors_author_idx on item_authors (author_id, role);

-- A co-authored item's line in one author's payout: the item's whole author share before the split
-- and this author's weight out of the total (null for an item sold by its owner alone).
alter table payout_lines
  add column item_author_share_cents integer,
  add column share_weight integer,
  add column share_total_weight integer;
