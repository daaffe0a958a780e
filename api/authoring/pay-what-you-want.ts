import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import type { RequestContext } from '../auth/viewer';

/*
 * Pay what you want (docs/buying.md, "Tips and pay what you want"): an author marks a paid skin or
 * bundle, its price becomes the least a buyer pays, and the cart lets the buyer choose more. The
 * flag is a column of skins and bundles (migration 014), written by the editors and read here for
 * the GraphQL field (its SDL: pay-what-you-want.schema.ts); the checkout reads it with the price
 * (api/orders/checkout-items.ts).
 */

type ItemTable = 'skins' | 'bundles';

/** Saves the flag an editor chose (the input schema already cleared it for a free item). */
export async function savePayWhatYouWant(
  tx: Queryable,
  table: ItemTable,
  id: number,
  payWhatYouWant: boolean,
): Promise<void> {
  await tx.query(sql.unsafe`
    update ${sql.identifier([table])} set pay_what_you_want = ${payWhatYouWant}
    where id = ${id} and pay_what_you_want is distinct from ${payWhatYouWant}`);
}

const flagRow = z.object({ id: z.number(), pay_what_you_want: z.boolean() });

/** One query for every skin or bundle of an answer. */
function flagLoader(table: ItemTable) {
  return async (queries: { obj: { id: number } }[], context: RequestContext) => {
    const ids = [...new Set(queries.map((q) => q.obj.id))];
    const rows = await context.services.pool.any(sql.type(flagRow)`
      select id, pay_what_you_want from ${sql.identifier([table])}
      where id = any(${sql.array(ids, 'int8')})`);
    const flags = new Map(rows.map((row) => [row.id, row.pay_what_you_want]));
    return queries.map((q) => flags.get(q.obj.id) ?? false);
  };
}

export const payWhatYouWantLoaders = {
  Skin: { payWhatYouWant: flagLoader('skins') },
  Bundle: { payWhatYouWant: flagLoader('bundles') },
};
