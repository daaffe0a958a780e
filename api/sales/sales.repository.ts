import { sql } from 'slonik';
import { z } from 'zod';
import type { SaleItemFacts } from '../../domain/sales/sale.decider';
import {
  saleItemKey,
  type SaleItemRef,
  type SaleItemType,
  type SaleTerms,
} from '../../domain/sales/sale.events';
import { percentOffReference, salePriceCents } from '../../domain/sales/sale-price';
import {
  REFERENCE_WINDOW_MS,
  referencePriceCents,
  type ListPrice,
  type SaleWindow,
} from '../../domain/sales/reference-price';
import type { Queryable } from '../../infra/db/pool';
import { jsonRows } from '../../projections/json-rows';

const itemFactsRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  name: z.string(),
  author_id: z.number(),
  price_cents: z.number(),
});

/** The named items as the catalogue has them now (deleted ones are missing: the decider refuses them). */
export async function saleItemFacts(db: Queryable, refs: readonly SaleItemRef[]): Promise<SaleItemFacts[]> {
  const ids = (type: SaleItemType) => refs.filter((ref) => ref.itemType === type).map((ref) => ref.itemId);
  const rows = await db.any(sql.type(itemFactsRow)`
    select 'SKIN' as item_type, id as item_id, title as name, author_id, price_cents
    from skins where id = any(${sql.array(ids('SKIN'), 'int8')}) and deleted_at is null
    union all
    select 'BUNDLE', id, title, author_id, price_cents
    from bundles where id = any(${sql.array(ids('BUNDLE'), 'int8')}) and deleted_at is null`);
  return rows.map((row) => ({
    itemType: row.item_type,
    itemId: row.item_id,
    name: row.name,
    authorId: row.author_id,
    priceCents: row.price_cents,
  }));
}

const saleRow = z.object({
  sale_id: z.string(),
  author_id: z.number(),
  name: z.string(),
  kind: z.enum(['PERCENT', 'PRICE']),
  percent_off: z.number().nullable(),
  sale_price_cents: z.number().nullable(),
  starts_at: z.number(),
  ends_at: z.number(),
  cancelled_at: z.number().nullable(),
  stops_at: z.number(),
  items: z.array(
    z.object({
      itemType: z.enum(['SKIN', 'BUNDLE']),
      itemId: z.number(),
      name: z.string(),
      priceCents: z.number(),
    }),
  ),
});
export type SaleRow = z.infer<typeof saleRow>;

export const termsOf = (row: Pick<SaleRow, 'kind' | 'percent_off' | 'sale_price_cents'>): SaleTerms =>
  row.kind === 'PERCENT'
    ? { kind: 'PERCENT', percentOff: row.percent_off ?? 0 }
    : { kind: 'PRICE', salePriceCents: row.sale_price_cents ?? 0 };

/** An author's sales (or one sale), newest start first, with their items' names and prices now. */
export async function listSales(
  db: Queryable,
  filter: { authorId: number } | { saleId: string },
): Promise<SaleRow[]> {
  const where =
    'authorId' in filter
      ? sql.fragment`s.author_id = ${filter.authorId}`
      : sql.fragment`s.sale_id = ${filter.saleId}`;
  const rows = await db.any(sql.type(saleRow)`
      select s.sale_id, s.author_id, s.name, s.kind, s.percent_off, s.sale_price_cents, s.starts_at, s.ends_at,
             s.cancelled_at, s.stops_at,
             coalesce((select json_agg(json_build_object(
                        'itemType', si.item_type, 'itemId', si.item_id,
                        'name', coalesce(sk.title, b.title, '(deleted)'),
                        'priceCents', coalesce(sk.price_cents, b.price_cents, 0))
                        order by si.item_type desc, si.item_id)
                       from sale_items si
                       left join skins sk on si.item_type = 'SKIN' and sk.id = si.item_id
                       left join bundles b on si.item_type = 'BUNDLE' and b.id = si.item_id
                       where si.sale_id = s.sale_id), '[]'::json) as items
      from sales s where ${where}
      order by s.starts_at desc, s.sale_id
      limit 200`);
  return [...rows];
}

/** A sale running on an item now, priced: what checkout applies and what cards and pages show. */
export type RunningSale = {
  saleId: string;
  name: string;
  terms: SaleTerms;
  startsAt: number;
  /** When it stops (its end, or its cancellation). */
  endsAt: number;
  regularCents: number;
  salePriceCents: number;
  reductionCents: number;
  /** The lowest price of the 30 days before the sale started (Art. 6a). */
  referenceCents: number;
  /** The reduction against the reference, whole percent rounded down. */
  percentOff: number;
};

const runningRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  sale_id: z.string(),
  name: z.string(),
  kind: z.enum(['PERCENT', 'PRICE']),
  percent_off: z.number().nullable(),
  sale_price_cents: z.number().nullable(),
  starts_at: z.number(),
  stops_at: z.number(),
});
const listPriceRow = z.object({
  item_type: z.string(),
  item_id: z.number(),
  changed_at: z.number(),
  price_cents: z.number(),
});
const earlierSaleRow = z.object({
  item_type: z.string(),
  item_id: z.number(),
  kind: z.enum(['PERCENT', 'PRICE']),
  percent_off: z.number().nullable(),
  sale_price_cents: z.number().nullable(),
  starts_at: z.number(),
  stops_at: z.number(),
});

/**
 * The sales running at `now` on these items (each with its regular price now), with their
 * reference prices: one index range read of the running sales, then one of the price history
 * (the regular price in force at each window's start and every change inside it) and one of the
 * earlier sales that ran inside the windows. An item whose regular price is already at or under the
 * sale's price has no running reduction.
 */
export async function runningSales(
  db: Queryable,
  items: readonly (SaleItemRef & { regularCents: number })[],
  now: Date,
): Promise<Map<string, RunningSale>> {
  const found = new Map<string, RunningSale>();
  if (items.length === 0) return found;
  const wanted = jsonRows(items.map((item) => ({ item_type: item.itemType, item_id: item.itemId })));
  const running = await db.any(sql.type(runningRow)`
    select si.item_type, si.item_id, s.sale_id, s.name, s.kind, s.percent_off, s.sale_price_cents,
           si.starts_at, si.stops_at
    from json_to_recordset(${wanted}) as w(item_type text, item_id bigint)
    join sale_items si on si.item_type = w.item_type and si.item_id = w.item_id
                      and si.stops_at > ${now.toISOString()}::timestamptz and si.starts_at <= ${now.toISOString()}::timestamptz
    join sales s on s.sale_id = si.sale_id`);
  if (running.length === 0) return found;

  const windows = jsonRows(
    running.map((row) => ({
      item_type: row.item_type,
      item_id: row.item_id,
      sale_id: row.sale_id,
      window_start: new Date(row.starts_at - REFERENCE_WINDOW_MS).toISOString(),
      starts_at: new Date(row.starts_at).toISOString(),
    })),
  );
  const windowColumns = sql.fragment`w(item_type text, item_id bigint, sale_id text, window_start timestamptz, starts_at timestamptz)`;
  const [listPrices, earlierSales] = await Promise.all([
    db.any(sql.type(listPriceRow)`
      select w.item_type, w.item_id, h.changed_at, h.price_cents
      from json_to_recordset(${windows}) as ${windowColumns}
      cross join lateral (
        (select changed_at, price_cents, position from item_price_history h
         where h.item_type = w.item_type and h.item_id = w.item_id and h.changed_at <= w.window_start
         order by h.changed_at desc, h.position desc limit 1)
        union all
        (select changed_at, price_cents, position from item_price_history h
         where h.item_type = w.item_type and h.item_id = w.item_id
           and h.changed_at > w.window_start and h.changed_at < w.starts_at)
      ) h
      order by w.item_type, w.item_id, h.changed_at, h.position`),
    db.any(sql.type(earlierSaleRow)`
      select w.item_type, w.item_id, s.kind, s.percent_off, s.sale_price_cents, si.starts_at, si.stops_at
      from json_to_recordset(${windows}) as ${windowColumns}
      join sale_items si on si.item_type = w.item_type and si.item_id = w.item_id and si.sale_id <> w.sale_id
                        and si.stops_at > w.window_start and si.starts_at < w.starts_at
      join sales s on s.sale_id = si.sale_id`),
  ]);

  const regular = new Map(items.map((item) => [saleItemKey(item), item.regularCents]));
  for (const row of running) {
    const key = saleItemKey({ itemType: row.item_type, itemId: row.item_id });
    const regularCents = regular.get(key);
    if (regularCents === undefined) continue;
    const terms = termsOf(row);
    const price = salePriceCents(regularCents, terms);
    if (price >= regularCents) continue;
    const mine = (other: { item_type: string; item_id: number }) =>
      other.item_type === row.item_type && other.item_id === row.item_id;
    const history = {
      listPrices: listPrices.filter(mine).map((p): ListPrice => ({ at: p.changed_at, cents: p.price_cents })),
      sales: earlierSales
        .filter(mine)
        .map((s): SaleWindow => ({ from: s.starts_at, to: s.stops_at, terms: termsOf(s) })),
      currentCents: regularCents,
    };
    const referenceCents = referencePriceCents(history, row.starts_at);
    found.set(key, {
      saleId: row.sale_id,
      name: row.name,
      terms,
      startsAt: row.starts_at,
      endsAt: row.stops_at,
      regularCents,
      salePriceCents: price,
      reductionCents: regularCents - price,
      referenceCents,
      percentOff: percentOffReference(price, referenceCents),
    });
  }
  return found;
}

/** The next moment after `now` at which a sale starts or stops (null: none ahead). */
export async function nextSaleBoundary(db: Queryable, now: Date): Promise<number | null> {
  const at = now.toISOString();
  return db.oneFirst(sql.type(z.object({ next: z.number().nullable() }))`
    select least((select min(starts_at) from sales where starts_at > ${at}::timestamptz),
                 (select min(stops_at) from sales where stops_at > ${at}::timestamptz)) as next`);
}
