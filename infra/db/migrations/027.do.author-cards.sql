-- Author cards and pages (docs/catalogue.md, "Authors"): an author's totals (downloads, votes) and
-- sample skins, and a skin page's "more from this author", read an author's listed cards from this
-- index, most downloaded first, instead of scanning every card.
create index skin_cards_author_downloads_idx on skin_cards (author_id, downloads_total desc, skin_id)
  where listed;
