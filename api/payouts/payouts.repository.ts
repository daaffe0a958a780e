import { sql } from 'slonik';
import { z } from 'zod';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../domain/payouts/payout.events';
import type { Queryable } from '../../infra/db/pool';

// Reads of the payout read models (migration 011); the payouts projection writes them.

const destination = z
  .object({
    method: z.enum(['BANK_TRANSFER', 'PAYPAL']),
    name: z.string(),
    iban: z.string().optional(),
    bic: z.string().optional(),
    street: z.string().optional(),
    city: z.string().optional(),
    country: z.string().optional(),
    paypalAccount: z.string().optional(),
  })
  .nullable();

export const payoutRow = z.object({
  id: z.number(),
  author_id: z.number(),
  status: z.enum(PAYOUT_STATUSES as [PayoutStatus, ...PayoutStatus[]]),
  amount_cents: z.number(),
  skin_count: z.number(),
  bundle_count: z.number(),
  adjustment_count: z.number(),
  payout_method: z.enum(['BANK_TRANSFER', 'PAYPAL']).nullable(),
  destination,
  payout_date: z.string().nullable(),
  export_file_id: z.string().nullable(),
  export_batch_id: z.string().nullable(),
  end_to_end_id: z.string().nullable(),
  exported_at: z.number().nullable(),
  transfer_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  opened_at: z.number(),
  locked_at: z.number().nullable(),
  sent_at: z.number().nullable(),
  failed_at: z.number().nullable(),
  /** The author's payout method now (for a pending payout's estimated date). */
  author_method: z.enum(['BANK_TRANSFER', 'PAYPAL']).nullable(),
  /** The author's payout preferences (migration 053); null while they never chose (the defaults). */
  author_preferences: z
    .object({
      threshold_cents: z.number(),
      schedule: z.enum(['TWICE_MONTHLY', 'MONTHLY', 'QUARTERLY']),
      held: z.boolean(),
    })
    .nullable(),
});
export type PayoutRow = z.infer<typeof payoutRow>;

const payoutColumns = sql.fragment`
  p.id, p.author_id, p.status, p.amount_cents, p.skin_count, p.bundle_count, p.adjustment_count,
  p.payout_method, p.destination, to_char(p.payout_date, 'YYYY-MM-DD') as payout_date,
  p.export_file_id::text as export_file_id, p.export_batch_id, p.end_to_end_id, p.exported_at, p.transfer_reference, p.failure_reason, p.opened_at, p.locked_at, p.sent_at, p.failed_at,
  u.payout_method as author_method,
  (select jsonb_build_object('threshold_cents', pp.threshold_cents, 'schedule', pp.schedule, 'held', pp.held)
     from payout_preferences pp where pp.author_id = p.author_id) as author_preferences`;

export const payoutLineRow = z.object({
  payout_id: z.number(),
  line_no: z.number(),
  kind: z.enum(['ITEM', 'ADJUSTMENT']),
  order_id: z.number(),
  order_external_id: z.string(),
  position: z.number(),
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  name: z.string(),
  price_cents: z.number(),
  tip_cents: z.number(),
  /** 0 for items of orders placed before VAT and for adjustments. */
  vat_cents: z.number(),
  site_fee_cents: z.number(),
  payment_fee_cents: z.number(),
  author_share_cents: z.number(),
  /** A co-authored item: its whole author share and this author's weight out of the total (else null). */
  item_author_share_cents: z.number().nullable(),
  share_weight: z.number().nullable(),
  share_total_weight: z.number().nullable(),
  payment_type: z.string().nullable(),
  from_payout_id: z.number().nullable(),
  occurred_at: z.number(),
});
export type PayoutLineRow = z.infer<typeof payoutLineRow>;

export async function findPayout(db: Queryable, id: number): Promise<PayoutRow | null> {
  return db.maybeOne(sql.type(payoutRow)`
    select ${payoutColumns} from payouts p left join users u on u.id = p.author_id where p.id = ${id}`);
}

export async function payoutsByIds(db: Queryable, ids: readonly number[]): Promise<PayoutRow[]> {
  if (ids.length === 0) return [];
  return [
    ...(await db.any(sql.type(payoutRow)`
      select ${payoutColumns} from payouts p left join users u on u.id = p.author_id
      where p.id = any(${sql.array([...ids], 'int8')}) order by p.id`)),
  ];
}

/** A page of payouts, newest first: one author's (My Payouts) or everyone's (admin). */
export async function listPayouts(
  db: Queryable,
  options: { authorId: number | null; status: PayoutStatus | null; page: number; size: number },
): Promise<{ rows: PayoutRow[]; total: number }> {
  const conditions = [
    ...(options.authorId === null ? [] : [sql.fragment`p.author_id = ${options.authorId}`]),
    ...(options.status === null ? [] : [sql.fragment`p.status = ${options.status}`]),
  ];
  const where =
    conditions.length > 0 ? sql.fragment`where ${sql.join(conditions, sql.fragment` and `)}` : sql.fragment``;
  const [rows, total] = await Promise.all([
    db.any(sql.type(payoutRow)`
      select ${payoutColumns} from payouts p left join users u on u.id = p.author_id ${where}
      order by p.opened_at desc, p.id desc
      limit ${options.size} offset ${options.page * options.size}`),
    db.oneFirst(
      sql.type(z.object({ count: z.number() }))`select count(*)::int as count from payouts p ${where}`,
    ),
  ]);
  return { rows: [...rows], total };
}

/** The lines of several payouts, each payout's in the order they were added. */
export async function linesOfPayouts(db: Queryable, payoutIds: readonly number[]): Promise<PayoutLineRow[]> {
  if (payoutIds.length === 0) return [];
  return [
    ...(await db.any(sql.type(payoutLineRow)`
      select payout_id, line_no, kind, order_id, order_external_id, position, item_type, item_id, name,
             price_cents, tip_cents, vat_cents, site_fee_cents, payment_fee_cents, author_share_cents,
             item_author_share_cents, share_weight, share_total_weight, payment_type, from_payout_id, occurred_at
      from payout_lines where payout_id = any(${sql.array([...payoutIds], 'int8')})
      order by payout_id, line_no`)),
  ];
}

export async function failedPayoutsOf(db: Queryable, authorId: number): Promise<number[]> {
  return [
    ...(await db.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from payouts where author_id = ${authorId} and status = 'ERROR' order by id`)),
  ];
}

/** The register's filter: days (inclusive, UTC) in which a payout was locked, exported or sent. */
export type RegisterFilter = { from: string | null; to: string | null; status: PayoutStatus | null };

function registerWhere(filter: RegisterFilter) {
  const within = (column: string) => {
    const at = sql.identifier(['p', column]);
    return sql.fragment`(${at} is not null
      ${filter.from === null ? sql.fragment`` : sql.fragment`and ${at} >= ${filter.from}::date`}
      ${filter.to === null ? sql.fragment`` : sql.fragment`and ${at} < ${filter.to}::date + 1`})`;
  };
  return sql.fragment`where p.status <> 'PENDING'
    ${filter.status === null ? sql.fragment`` : sql.fragment`and p.status = ${filter.status}`}
    and (${within('locked_at')} or ${within('exported_at')} or ${within('sent_at')})`;
}

export const registerTotalsRow = z.object({
  count: z.number(),
  amount_cents: z.number(),
  locked_cents: z.number(),
  sent_cents: z.number(),
  failed_cents: z.number(),
});
export type RegisterTotalsRow = z.infer<typeof registerTotalsRow>;

/**
 * The payouts register: every payout past PENDING that was locked, exported or sent within the
 * days given, newest activity first, with totals over the whole selection. `size` null: all rows.
 */
export async function payoutRegister(
  db: Queryable,
  filter: RegisterFilter,
  paging: { page: number; size: number | null },
): Promise<{ rows: (PayoutRow & { author_name: string | null })[]; totals: RegisterTotalsRow }> {
  const where = registerWhere(filter);
  const limit =
    paging.size === null
      ? sql.fragment``
      : sql.fragment`limit ${paging.size} offset ${paging.page * paging.size}`;
  const [rows, totals] = await Promise.all([
    db.any(sql.type(payoutRow.extend({ author_name: z.string().nullable() }))`
      select ${payoutColumns}, u.username::text as author_name
      from payouts p left join users u on u.id = p.author_id ${where}
      order by coalesce(p.sent_at, p.exported_at, p.locked_at) desc, p.id desc ${limit}`),
    db.one(sql.type(registerTotalsRow)`
      select count(*)::int as count,
             coalesce(sum(p.amount_cents), 0)::int8 as amount_cents,
             coalesce(sum(p.amount_cents) filter (where p.status = 'LOCKED'), 0)::int8 as locked_cents,
             coalesce(sum(p.amount_cents) filter (where p.status = 'SENT'), 0)::int8 as sent_cents,
             coalesce(sum(p.amount_cents) filter (where p.status = 'ERROR'), 0)::int8 as failed_cents
      from payouts p ${where}`),
  ]);
  return { rows: [...rows], totals };
}
