-- The author dashboard sums an author's skins' daily downloads over a window (the cards and the
-- most downloaded skins of the last 30 days and year): with the total in the index, those sums are
-- index-only scans instead of a heap fetch per day row. Measured by bench/dashboards.bench.ts on
-- 2.4M downloads (docs/performance.md, Dashboards): a year of the largest author's 326 skins went
-- from 420–570 ms to 3 ms.
create index skin_download_daily_skin_idx on skin_download_daily (skin_id, day) include (total);
