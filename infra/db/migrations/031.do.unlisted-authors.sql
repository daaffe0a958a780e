-- The response cache asks, after each catalogue change, which authors have an unlisted (hidden,
-- taken down or unpublished) skin or bundle: those viewers see more than visitors and are not
-- served shared answers (api/catalogue/skins.repository.ts, authorsOfUnlistedItems). These small
-- partial indexes answer it without scanning every skin and bundle.
create index skins_unlisted_authors_idx on skins (author_id) where not listed and deleted_at is null;
create index bundles_unlisted_authors_idx on bundles (author_id) where not listed and deleted_at is null;
