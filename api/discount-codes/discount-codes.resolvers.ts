import { sql } from 'slonik';
import { z } from 'zod';
import { createDiscountCodeSchema } from '../../domain/discount-codes/discount-code.schemas';
import { discountCodeText } from '../../domain/discount-codes/discount-code.schemas';
import { CODE_PRICE_FLOOR_CENTS } from '../../domain/discount-codes/code-reduction';
import { DomainError } from '../../domain/errors';
import { centsToEuros, eurosToCents, formatMoney } from '../../domain/money';
import type { OrderedItem } from '../../domain/orders/order.events';
import type { Queryable } from '../../infra/db/pool';
import type { AppContext } from '../app-context';
import { isAdmin, requireViewer, type RequestContext } from '../auth/viewer';
import { runDiscountCodeCommand } from './discount-code.handlers';
import {
  discountCodesOfAuthor,
  findDiscountCode,
  redemptionsOf,
  type DiscountCodeRow,
} from './discount-codes.repository';

type ItemRef = { itemType: 'SKIN' | 'BUNDLE'; itemId: number };
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const codeArg = z.object({ code: discountCodeText });
const notFound = () => new DomainError('NOT_FOUND', 'There is no such code.');

/** The items' titles, and whose they are (deleted items are left out). */
async function itemsNamed(db: Queryable, items: readonly ItemRef[]) {
  const ids = (type: 'SKIN' | 'BUNDLE') => items.filter((i) => i.itemType === type).map((i) => i.itemId);
  const rows = await db.any(
    sql.type(
      z.object({
        item_type: z.enum(['SKIN', 'BUNDLE']),
        id: z.number(),
        title: z.string(),
        author_id: z.number(),
      }),
    )`
      select 'SKIN' as item_type, id, title, author_id from skins
      where id = any(${sql.array(ids('SKIN'), 'int8')}) and deleted_at is null
      union all
      select 'BUNDLE', id, title, author_id from bundles
      where id = any(${sql.array(ids('BUNDLE'), 'int8')}) and deleted_at is null`,
  );
  return new Map(rows.map((row) => [`${row.item_type}:${row.id}`, row]));
}

/** A code as GraphQL shows it; `DiscountCode.redemptions` reads its redemptions when asked. */
async function discountCodeOf(db: Queryable, row: DiscountCodeRow, now: Date) {
  const refs = [...row.items, ...(row.earlier_buyers_of ? [row.earlier_buyers_of.item] : [])];
  const names = await itemsNamed(db, refs);
  const itemOf = (ref: ItemRef) => ({
    itemType: ref.itemType,
    itemId: String(ref.itemId),
    name: names.get(`${ref.itemType}:${ref.itemId}`)?.title ?? null,
  });
  return {
    code: row.code,
    kind: row.reduction_kind,
    percent: row.percent,
    amount: row.amount_cents === null ? null : centsToEuros(row.amount_cents),
    allItems: row.all_items,
    items: row.items.map(itemOf),
    maxUses: row.max_uses,
    uses: row.uses,
    expiresAt: iso(row.expires_at),
    expired: row.expires_at !== null && row.expires_at <= now.getTime(),
    earlierBuyersOf: row.earlier_buyers_of
      ? {
          item: { ...itemOf(row.earlier_buyers_of.item), name: row.earlier_buyers_of.item.name },
          before: row.earlier_buyers_of.before,
        }
      : null,
    active: row.active,
    deactivatedAt: iso(row.deactivated_at),
    createdAt: iso(row.created_at),
  };
}

/** The code, when the viewer is its author or an admin; NOT_FOUND otherwise (nobody learns it exists). */
async function ownCode(context: RequestContext, code: string) {
  const viewer = requireViewer(context.viewer);
  const row = await findDiscountCode(context.services.pool, code);
  if (!row || (row.author_id !== viewer.id && !isAdmin(viewer))) throw notFound();
  return { viewer, row };
}

/** The code the quoted order's items carry, what it took off, and a note when the floor capped it. */
export function appliedDiscountCodeOf(items: readonly OrderedItem[]) {
  const lines = items.flatMap((item) => {
    const reduction = item.reductions?.find((r) => r.source === 'CODE');
    if (!reduction) return [];
    const atMinimum = (item.listPriceCents ?? item.priceCents) <= CODE_PRICE_FLOOR_CENTS;
    return [{ item, reduction, atMinimum }];
  });
  const [first] = lines;
  if (!first) return null;
  const capped = lines.filter((line) => line.atMinimum);
  return {
    code: first.reduction.label,
    reduction: centsToEuros(lines.reduce((sum, line) => sum + line.reduction.cents, 0)),
    items: lines.map(({ item, reduction, atMinimum }) => ({
      itemType: item.itemType,
      itemId: String(item.itemId),
      name: item.name,
      reduction: centsToEuros(reduction.cents),
      price: centsToEuros(item.priceCents),
      atMinimum,
    })),
    note:
      capped.length === 0
        ? null
        : `${capped.map((line) => line.item.name).join(', ')} ${capped.length === 1 ? 'costs' : 'cost'} ${formatMoney(CODE_PRICE_FLOOR_CENTS)}, the lowest price a paid item may have: the code takes no more off.`,
  };
}

export function discountCodesResolvers(app: AppContext) {
  return {
    Query: {
      myDiscountCodes: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const rows = await discountCodesOfAuthor(app.pool, viewer.id);
        return Promise.all(rows.map((row) => discountCodeOf(app.pool, row, app.now())));
      },
      discountCode: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const parsed = codeArg.safeParse(rawArgs);
        if (!parsed.success) {
          requireViewer(context.viewer);
          throw notFound();
        }
        const { row } = await ownCode(context, parsed.data.code);
        return discountCodeOf(app.pool, row, app.now());
      },
    },
    Mutation: {
      createDiscountCode: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const input = createDiscountCodeSchema.parse(z.object({ input: z.unknown() }).parse(rawArgs).input);
        const listed = input.allItems ? [] : input.items;
        const earlier = input.earlierBuyersOf;
        const names = await itemsNamed(app.pool, [...listed, ...(earlier ? [earlier] : [])]);
        const own = (ref: ItemRef) => names.get(`${ref.itemType}:${ref.itemId}`)?.author_id === viewer.id;
        if (!listed.every(own)) {
          throw new DomainError(
            'BAD_USER_INPUT',
            'A code can only be for your own skins and bundles.',
            'items',
          );
        }
        if (earlier && !own(earlier)) {
          throw new DomainError(
            'BAD_USER_INPUT',
            'The earlier purchase must be of one of your own skins or bundles.',
            'earlierBuyersOf',
          );
        }
        const now = app.now();
        await runDiscountCodeCommand(
          app,
          input.code,
          {
            type: 'CreateDiscountCode',
            code: input.code,
            authorId: viewer.id,
            reduction:
              input.kind === 'PERCENT'
                ? { kind: 'PERCENT', percent: input.percent! }
                : { kind: 'AMOUNT', cents: eurosToCents(input.amount!) },
            items: input.allItems ? { kind: 'ALL' } : { kind: 'ITEMS', items: listed },
            maxUses: input.maxUses ?? null,
            expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
            earlierBuyersOf: earlier
              ? {
                  item: {
                    itemType: earlier.itemType,
                    itemId: earlier.itemId,
                    name: names.get(`${earlier.itemType}:${earlier.itemId}`)!.title,
                  },
                  before: new Date(earlier.before),
                }
              : null,
            createdAt: now,
          },
          { actor: { userId: viewer.id }, correlationId: context.request.id },
        );
        const row = await findDiscountCode(app.pool, input.code);
        return discountCodeOf(app.pool, row!, now);
      },
      deactivateDiscountCode: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const parsed = codeArg.safeParse(rawArgs);
        if (!parsed.success) {
          requireViewer(context.viewer);
          throw notFound();
        }
        const { viewer, row } = await ownCode(context, parsed.data.code);
        await runDiscountCodeCommand(
          app,
          row.code,
          {
            type: 'DeactivateDiscountCode',
            by: viewer.id,
            byAdmin: isAdmin(viewer),
            deactivatedAt: app.now(),
          },
          { actor: { userId: viewer.id }, correlationId: context.request.id },
        );
        return discountCodeOf(app.pool, (await findDiscountCode(app.pool, row.code))!, app.now());
      },
    },
    DiscountCode: {
      // Only reached through a code its author or an admin asked for (ownCode, myDiscountCodes).
      redemptions: async (discountCode: { code: string }) =>
        (await redemptionsOf(app.pool, discountCode.code)).map((r) => ({
          orderNumber: r.external_id,
          status: r.status,
          reduction: centsToEuros(r.cents),
          items: r.items.map((item) => ({
            ...item,
            itemId: String(item.itemId),
            reduction: centsToEuros(item.cents),
          })),
          redeemedAt: iso(r.redeemed_at),
          releasedAt: iso(r.released_at),
          releaseReason: r.release_reason,
        })),
    },
    CheckoutQuote: {
      discountCode: (quote: { placedItems?: readonly OrderedItem[] }) =>
        appliedDiscountCodeOf(quote.placedItems ?? []),
    },
    OrderConfirmation: {
      discountCode: async (confirmation: { externalId: string }) => {
        const rows = await app.pool.any(
          sql.type(
            z.object({
              code: z.string(),
              cents: z.number(),
              items: z.array(
                z.object({ itemType: z.enum(['SKIN', 'BUNDLE']), itemId: z.number(), cents: z.number() }),
              ),
            }),
          )`
            select r.code, r.cents, r.items from discount_code_redemptions r
            join orders o on o.id = case when r.order_id ~ '^[0-9]{1,18}$' then r.order_id::bigint end
            where o.external_id = ${confirmation.externalId}`,
        );
        const [row] = rows;
        if (!row) return null;
        return {
          code: row.code,
          reduction: centsToEuros(row.cents),
          items: row.items.map((item) => ({
            ...item,
            itemId: String(item.itemId),
            reduction: centsToEuros(item.cents),
          })),
        };
      },
    },
  };
}
