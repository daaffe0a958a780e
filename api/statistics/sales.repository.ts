import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import type { StatisticsPeriod } from './statistics-period';
import { authorKey, inMonths, type StatisticsScope } from './statistics.repository';

/** The sales_monthly rows of the whole site are those of author 0. */
const purchaseHistoryRow = z.object({
  year: z.number(),
  month: z.number(),
  payment_status: z.string(),
  payment_type: z.string(),
  order_count: z.number(),
  total_cents: z.number(),
  vat_cents: z.number(),
});

const allMonths: StatisticsPeriod = {
  fromDay: null,
  toDay: null,
  fromMonth: null,
  toMonth: null,
  since: null,
};

/** Orders paid, refunded and cancelled per UTC month, payment status and type, oldest month first. */
export async function purchaseHistory(db: Queryable, scope: StatisticsScope, period = allMonths) {
  const rows = await db.any(sql.type(purchaseHistoryRow)`
    select extract(year from month)::int as year, extract(month from month)::int as month,
           payment_status, payment_type, order_count, total_cents, vat_cents
    from sales_monthly where author_id = ${authorKey(scope)} and ${inMonths(period, sql.fragment`month`)}
    order by sales_monthly.month, payment_status, payment_type`);
  return [...rows];
}

const moneyRow = z.object({
  paid_count: z.number(),
  paid_cents: z.number(),
  site_fee_cents: z.number(),
  payment_fee_cents: z.number(),
  refund_count: z.number(),
  refunded_cents: z.number(),
  vat_cents: z.number(),
  refunded_vat_cents: z.number(),
});
export type MoneyFigures = z.infer<typeof moneyRow>;

/**
 * The whole site's payments, their fees and the refunds in each named period, with one query over
 * the per-day rows.
 */
export async function moneySpent<Name extends string>(
  db: Queryable,
  periods: Record<Name, StatisticsPeriod>,
): Promise<Record<Name, MoneyFigures>> {
  const named = Object.entries(periods) as [Name, StatisticsPeriod][];
  const rows = await db.any(sql.type(moneyRow.extend({ window: z.string() }))`
    select w.name as window,
           coalesce(sum(d.paid_count), 0)::int8 as paid_count,
           coalesce(sum(d.paid_cents), 0)::int8 as paid_cents,
           coalesce(sum(d.site_fee_cents), 0)::int8 as site_fee_cents,
           coalesce(sum(d.payment_fee_cents), 0)::int8 as payment_fee_cents,
           coalesce(sum(d.refund_count), 0)::int8 as refund_count,
           coalesce(sum(d.refunded_cents), 0)::int8 as refunded_cents,
           coalesce(sum(d.vat_cents), 0)::int8 as vat_cents,
           coalesce(sum(d.refunded_vat_cents), 0)::int8 as refunded_vat_cents
    from unnest(
      ${sql.array(
        named.map(([name]) => name),
        'text',
      )}::text[],
      ${sql.array(
        named.map(([, period]) => period.fromDay ?? '0001-01-01'),
        'text',
      )}::date[],
      ${sql.array(
        named.map(([, period]) => period.toDay ?? '9999-12-31'),
        'text',
      )}::date[]) as w(name, from_day, to_day)
    left join sales_daily d on d.day >= w.from_day and d.day < w.to_day
    group by w.name`);
  const figures = {} as Record<Name, MoneyFigures>;
  for (const { window, ...row } of rows) figures[window as Name] = row;
  return figures;
}

const popularityRow = z.object({
  skin_id: z.number(),
  sold_count: z.number(),
  sold_cents: z.number(),
  refund_count: z.number(),
  refunded_cents: z.number(),
  sold_vat_cents: z.number(),
  refunded_vat_cents: z.number(),
  /** An author's list: the skins' whole author shares (before the split) and the author's parts; null on the site's. */
  share_cents: z.number().nullable(),
  part_cents: z.number().nullable(),
});

/**
 * The skins (sold alone) that brought the most money in the period's months: their sales and refunds.
 * The site's list counts each skin once (`sales_item_totals`, `sales_item_monthly`); an author's lists
 * every skin they have a part in, co-authored ones too, with its whole author share and their part
 * (`sales_item_author_monthly`).
 */
export async function skinPurchasePopularity(
  db: Queryable,
  scope: StatisticsScope,
  length: number,
  period = allMonths,
) {
  if (scope.authorId !== null) {
    const rows = await db.any(sql.type(popularityRow)`
      select item_id as skin_id, sum(sold_count)::int8 as sold_count, sum(sold_cents)::int8 as sold_cents,
             sum(refund_count)::int8 as refund_count, sum(refunded_cents)::int8 as refunded_cents,
             sum(sold_vat_cents)::int8 as sold_vat_cents, sum(refunded_vat_cents)::int8 as refunded_vat_cents,
             sum(share_cents)::int8 as share_cents, sum(part_cents)::int8 as part_cents
      from sales_item_author_monthly
      where author_id = ${scope.authorId} and item_type = 'SKIN' and ${inMonths(period, sql.fragment`month`)}
      group by item_id
      having sum(sold_count) > 0
      order by sum(sold_cents) desc, item_id
      limit ${length}`);
    return [...rows];
  }
  if (period.fromMonth === null && period.toMonth === null) {
    // All time: the first rows of the revenue index.
    const rows = await db.any(sql.type(popularityRow)`
      select item_id as skin_id, sold_count::int8, sold_cents::int8, refund_count::int8, refunded_cents::int8,
             sold_vat_cents::int8, refunded_vat_cents::int8, null::int8 as share_cents, null::int8 as part_cents
      from sales_item_totals
      where item_type = 'SKIN' and sold_count > 0
      order by sold_cents desc, item_id
      limit ${length}`);
    return [...rows];
  }
  const rows = await db.any(sql.type(popularityRow)`
    select item_id as skin_id, sum(sold_count)::int8 as sold_count, sum(sold_cents)::int8 as sold_cents,
           sum(refund_count)::int8 as refund_count, sum(refunded_cents)::int8 as refunded_cents,
           sum(sold_vat_cents)::int8 as sold_vat_cents, sum(refunded_vat_cents)::int8 as refunded_vat_cents,
           null::int8 as share_cents, null::int8 as part_cents
    from sales_item_monthly
    where item_type = 'SKIN' and ${inMonths(period, sql.fragment`month`)}
    group by item_id
    having sum(sold_count) > 0
    order by sum(sold_cents) desc, item_id
    limit ${length}`);
  return [...rows];
}

const earningsRow = z.object({
  year: z.number(),
  month: z.number(),
  items_sold: z.number(),
  sales_cents: z.number(),
  author_share_cents: z.number(),
  items_refunded: z.number(),
  refunded_cents: z.number(),
  refunded_share_cents: z.number(),
  vat_cents: z.number(),
  refunded_vat_cents: z.number(),
});

/**
 * An author's items sold and earnings per UTC month, oldest first: the items they have a part in,
 * and their own parts. The site's are the rows of author 0, where each item counts once.
 */
export async function earningsHistory(db: Queryable, scope: StatisticsScope, period = allMonths) {
  const rows = await db.any(sql.type(earningsRow)`
    select extract(year from month)::int as year, extract(month from month)::int as month,
           sum(items_sold)::int8 as items_sold, sum(sales_cents)::int8 as sales_cents,
           sum(author_share_cents)::int8 as author_share_cents, sum(items_refunded)::int8 as items_refunded,
           sum(refunded_cents)::int8 as refunded_cents, sum(refunded_share_cents)::int8 as refunded_share_cents,
           sum(vat_cents)::int8 as vat_cents, sum(refunded_vat_cents)::int8 as refunded_vat_cents
    from sales_author_monthly
    where author_id = ${authorKey(scope)} and ${inMonths(period, sql.fragment`month`)}
    group by sales_author_monthly.month
    order by sales_author_monthly.month`);
  return [...rows];
}
