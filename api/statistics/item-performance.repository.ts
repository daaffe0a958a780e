import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

const itemRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  title: z.string(),
  url: z.string(),
  published: z.boolean(),
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
  refund_count: z.number(),
  refunded_cents: z.number(),
});

/**
 * An author's skins and bundles (not deleted) with their counted views and (skins) downloads, and
 * the sales by price source of those items (from `item_sales_by_source`).
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
      select 'SKIN' as item_type, s.id as item_id, s.title, s.url::text as url, s.published,
             coalesce((select sum(v.views) from item_views_daily v
                       where v.item_type = 'SKIN' and v.item_id = s.id), 0)::int as views,
             coalesce(st.downloads_total, 0)::int as downloads,
             ${purchasesSince('SKIN', sql.identifier(['s', 'id']))} as purchases_since_views
      from skins s left join skin_stats st on st.skin_id = s.id
      where s.author_id = ${authorId} and s.deleted_at is null
      union all
      select 'BUNDLE', b.id, b.title, b.url::text, b.published,
             coalesce((select sum(v.views) from item_views_daily v
                       where v.item_type = 'BUNDLE' and v.item_id = b.id), 0)::int,
             null,
             ${purchasesSince('BUNDLE', sql.identifier(['b', 'id']))}
      from bundles b where b.author_id = ${authorId} and b.deleted_at is null`),
    db.any(sql.type(sourceRow)`
      select item_type, item_id, source, sold_count, sold_cents::int8 as sold_cents,
             author_share_cents::int8 as author_share_cents, refund_count, refunded_cents::int8 as refunded_cents
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
