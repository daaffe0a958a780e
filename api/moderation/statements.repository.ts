import { sql } from 'slonik';
import { z } from 'zod';
import { STATEMENT_KINDS } from '../../domain/moderation/appeal.decider';
import { TERMS_GROUNDS } from '../../domain/moderation/terms-grounds';
import type { Queryable } from '../../infra/db/pool';

const ids = (values: readonly number[]) => sql.array([...new Set(values)], 'int8');

export const statementRow = z.object({
  id: z.number(),
  kind: z.enum(STATEMENT_KINDS),
  user_id: z.number(),
  item_type: z.string(),
  item_id: z.number(),
  ground: z.enum(TERMS_GROUNDS),
  facts: z.string(),
  automated: z.boolean(),
  decided_by: z.number().nullable(),
  issued_at: z.number(),
  appeal_text: z.string().nullable(),
  appealed_at: z.number().nullable(),
  appeal_outcome: z.enum(['UPHELD', 'REVERSED']).nullable(),
  appeal_reason: z.string().nullable(),
  appeal_decided_at: z.number().nullable(),
  appeal_decided_by: z.number().nullable(),
  item_label: z.string().nullable(),
  item_url: z.string().nullable(),
});
export type StatementRow = z.infer<typeof statementRow>;

/** A statement with what it is about in words (a title, a comment's first words, a username, a payout). */
const statementColumns = sql.fragment`
  st.id, st.kind, st.user_id, st.item_type, st.item_id, st.ground, st.facts, st.automated, st.decided_by,
  st.issued_at, st.appeal_text, st.appealed_at, st.appeal_outcome, st.appeal_reason, st.appeal_decided_at,
  st.appeal_decided_by,
  case st.item_type
    when 'SKIN' then s.title
    when 'BUNDLE' then b.title
    when 'COMMENT' then left(c.text, 80)
    when 'ACCOUNT' then u.username::text
    when 'PAYOUT' then 'Payout ' || st.item_id
  end as item_label,
  case st.item_type
    when 'SKIN' then '/skins/' || s.url
    when 'BUNDLE' then '/bundles/' || b.url
    when 'COMMENT' then coalesce('/skins/' || cs.url, '/bundles/' || cb.url)
    when 'PAYOUT' then '/me/payouts/' || st.item_id
  end as item_url`;
const statementJoins = sql.fragment`
  left join skins s on st.item_type = 'SKIN' and s.id = st.item_id
  left join bundles b on st.item_type = 'BUNDLE' and b.id = st.item_id
  left join comments c on st.item_type = 'COMMENT' and c.id = st.item_id
  left join skins cs on cs.id = c.skin_id
  left join bundles cb on cb.id = c.bundle_id
  left join users u on st.item_type = 'ACCOUNT' and u.id = st.item_id`;

export async function statementById(db: Queryable, id: number): Promise<StatementRow | null> {
  return db.maybeOne(sql.type(statementRow)`
    select ${statementColumns} from statements_of_reasons st ${statementJoins} where st.id = ${id}`);
}

export async function statementsByIds(db: Queryable, statementIds: readonly number[]) {
  if (statementIds.length === 0) return new Map<number, StatementRow>();
  const rows = await db.any(sql.type(statementRow)`
    select ${statementColumns} from statements_of_reasons st ${statementJoins}
    where st.id = any(${ids(statementIds)})`);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Statements newest first: one person's (`userId`), or the appealed ones (`appeals`: OPEN waiting
 * for an answer, ANSWERED, or ALL appealed), latest appeal first.
 */
export async function listStatements(
  db: Queryable,
  options: { userId: number | null; appeals: 'OPEN' | 'ANSWERED' | 'ALL' | null; page: number; size: number },
): Promise<{ rows: StatementRow[]; total: number }> {
  const conditions = [sql.fragment`true`];
  if (options.userId !== null) conditions.push(sql.fragment`st.user_id = ${options.userId}`);
  if (options.appeals !== null) conditions.push(sql.fragment`st.appeal_position is not null`);
  if (options.appeals === 'OPEN') conditions.push(sql.fragment`st.appeal_decided_at is null`);
  if (options.appeals === 'ANSWERED') conditions.push(sql.fragment`st.appeal_decided_at is not null`);
  const where = sql.join(conditions, sql.fragment` and `);
  const order = options.appeals === null ? sql.fragment`st.id desc` : sql.fragment`st.appeal_position desc`;
  const [rows, total] = await Promise.all([
    db.any(sql.type(statementRow)`
      select ${statementColumns} from statements_of_reasons st ${statementJoins}
      where ${where} order by ${order}
      limit ${options.size} offset ${options.page * options.size}`),
    db.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from statements_of_reasons st where ${where}`),
  ]);
  return { rows: [...rows], total };
}
