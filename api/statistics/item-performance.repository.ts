import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

const itemRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  title: z.string(),
  url: z.string(),
  published: z.boolean(),
  /** Whether the author owns it; otherwise they co-author it (or once did and have a part of its sales). */
  owned: z.boolean(),
  views: z.number(),
  downloads: z.number().nullable(),
  /** Purchases paid since views are counted (the first day any view was): conversion's numerator. */
  purchases_since_views: z.number(),
});
const sourceRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  source: z.enum(['SALE', 'CODE', 'FULL_PRICE']),
  sold_count: z.number(),
  sold_cents: z.number(),
  author_share_cents: z.number(),
  author_part_cents: z.number(),
  refund_count: z.number(),
  refunded_cents: z.number(),
});

/**
 * An author's skins and bundles (not deleted) with their counted views and (skins) downloads, and
 * the sales by price source of those items (from `item_sales_by_source`, with the author's parts).
 * The author's items are those they own, those they co-author (accepted), and those whose sales
 * gave them a part (a co-author who left keeps the sales made while they were one).
 */
export async function itemPerformanceOf(db: Queryable, authorId: number) {
  const since = await db.maybeOneFirst(sql.type(z.object({ day: z.string().nullable() }))`
    select to_char(min(day), 'YYYY-MM-DD') as day from item_views_daily`);
  const purchasesSince = (itemType: 'SKIN' | 'BUNDLE', id: ReturnType<typeof sql.identifier>) =>
    since
      ? sql.fragment`coalesce((select sum(d.sold_count) from item_sales_daily d
          where d.item_type = ${itemType} and d.item_id = ${id} and d.day >= ${since}::date), 0)::int`
      : sql.fragment`0`;
  const [items, sources] = await Promise.all([
    db.any(sql.type(itemRow)`
      with theirs as (
        select item_type, item_id from item_authors where author_id = ${authorId} and role = 'ACCEPTED'
        union
        select item_type, item_id from item_sales_by_source where author_id = ${authorId}
      )
      select 'SKIN' as item_type, s.id as item_id, s.title, s.url::text as url, s.published,
             s.author_id = ${authorId} as owned,
             coalesce((select sum(v.views) from item_views_daily v
                       where v.item_type = 'SKIN' and v.item_id = s.id), 0)::int as views,
             coalesce(st.downloads_total, 0)::int as downloads,
             ${purchasesSince('SKIN', sql.identifier(['s', 'id']))} as purchases_since_views
      from skins s left join skin_stats st on st.skin_id = s.id
      where s.deleted_at is null
        and (s.author_id = ${authorId}
             or s.id in (select item_id from theirs where item_type = 'SKIN'))
      union all
      select 'BUNDLE', b.id, b.title, b.url::text, b.published, b.author_id = ${authorId},
             coalesce((select sum(v.views) from item_views_daily v
                       where v.item_type = 'BUNDLE' and v.item_id = b.id), 0)::int,
             null,
             ${purchasesSince('BUNDLE', sql.identifier(['b', 'id']))}
      from bundles b
      where b.deleted_at is null
        and (b.author_id = ${authorId}
             or b.id in (select item_id from theirs where item_type = 'BUNDLE'))`),
    db.any(sql.type(sourceRow)`
      select item_type, item_id, source, sold_count, sold_cents::int8 as sold_cents,
             author_share_cents::int8 as author_share_cents, author_part_cents::int8 as author_part_cents,
             refund_count, refunded_cents::int8 as refunded_cents
      from item_sales_by_source where author_id = ${authorId}`),
  ]);
  return { items: [...items], sources: [...sources], viewsSince: since ?? null };
}

/** Adds one counted view of an item on a UTC day (YYYY-MM-DD). */
export async function addItemView(db: Queryable, itemType: 'SKIN' | 'BUNDLE', itemId: number, day: string) {
  await db.query(sql.unsafe`
    insert into item_views_daily (item_type, item_id, day, views) values (${itemType}, ${itemId}, ${day}, 1)
    on conflict (item_type, item_id, day) do update set views = item_views_daily.views + 1`);
}
