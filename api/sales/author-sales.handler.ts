import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { authorSalesDecider, type SaleCommand } from '../../domain/sales/sale.decider';
import {
  AUTHOR_SALES_STREAM_TYPE,
  authorSalesStreamId,
  type SaleDefinition,
  type SaleEvent,
  type SaleItemRef,
} from '../../domain/sales/sale.events';
import { saleMessages, type ParsedSaleInput } from '../../domain/sales/sale.schemas';
import { centsOf } from '../../domain/catalog/item-editor.schemas';
import type { Backdated } from '../../infra/event-store/backdating';
import { handleCommand, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { saleItemFacts } from './sales.repository';

const authorSalesStream: StreamKind<SaleEvent> = {
  streamType: AUTHOR_SALES_STREAM_TYPE,
  schemaVersions: { SaleScheduled: 1, SaleChanged: 1, SaleCancelled: 1 },
};

type Deps = Pick<AppContext, 'pool' | 'store' | 'now'>;
type Options = { metadata: EventMetadata; occurredAt?: Backdated };

/** The input as the decider takes it: the sale's items, terms in cents, times as ISO text. */
function definitionOf(saleId: string, authorId: number, input: ParsedSaleInput): SaleDefinition {
  const items: SaleItemRef[] = [
    ...input.skinIds.map((itemId) => ({ itemType: 'SKIN' as const, itemId })),
    ...input.bundleIds.map((itemId) => ({ itemType: 'BUNDLE' as const, itemId })),
  ];
  return {
    saleId,
    authorId,
    name: input.name,
    terms:
      input.kind === 'PERCENT'
        ? { kind: 'PERCENT', percentOff: input.percentOff ?? 0 }
        : { kind: 'PRICE', salePriceCents: centsOf(input.salePrice ?? 0) },
    items,
    startsAt: new Date(input.startsAt).toISOString(),
    endsAt: new Date(input.endsAt).toISOString(),
  };
}

async function run(deps: Deps, authorId: number, command: SaleCommand, options: Options) {
  return handleCommand(
    deps,
    { streamId: authorSalesStreamId(authorId), kind: authorSalesStream, decider: authorSalesDecider },
    command,
    { metadata: options.metadata, ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}) },
  );
}

const now = (deps: Deps, options: Options) => options.occurredAt ?? deps.now();

/** scheduleSale: a new sale of the author's own items. Returns its id. */
export async function scheduleSale(
  deps: Deps,
  command: { authorId: number; input: ParsedSaleInput } & Options,
): Promise<string> {
  const sale = definitionOf(randomUUID(), command.authorId, command.input);
  const items = await saleItemFacts(deps.pool, sale.items);
  await run(deps, command.authorId, { type: 'ScheduleSale', sale, items, now: now(deps, command) }, command);
  return sale.saleId;
}

/** The author of a sale, or NOT_FOUND (the same answer whether it does not exist or is another's). */
export async function authorOfSale(deps: Pick<Deps, 'pool'>, saleId: string): Promise<number> {
  const authorId = z.string().uuid().safeParse(saleId).success
    ? await deps.pool.maybeOneFirst(sql.type(z.object({ author_id: z.number() }))`
        select author_id from sales where sale_id = ${saleId}`)
    : null;
  if (authorId === null) throw new DomainError('NOT_FOUND', saleMessages.noSuchSale);
  return authorId;
}

/** changeSale: the author's own sale only (anyone else: NOT_FOUND). */
export async function changeSale(
  deps: Deps,
  command: { userId: number; saleId: string; input: ParsedSaleInput } & Options,
): Promise<void> {
  const authorId = await authorOfSale(deps, command.saleId);
  if (authorId !== command.userId) throw new DomainError('NOT_FOUND', saleMessages.noSuchSale);
  const sale = definitionOf(command.saleId, authorId, command.input);
  const items = await saleItemFacts(deps.pool, sale.items);
  await run(deps, authorId, { type: 'ChangeSale', sale, items, now: now(deps, command) }, command);
}

/** cancelSale: the author, or an admin (a misleading sale); ends a running sale now. */
export async function cancelSale(
  deps: Deps,
  command: { userId: number; admin: boolean; saleId: string } & Options,
): Promise<void> {
  const authorId = await authorOfSale(deps, command.saleId);
  if (!command.admin && authorId !== command.userId)
    throw new DomainError('NOT_FOUND', saleMessages.noSuchSale);
  await run(
    deps,
    authorId,
    {
      type: 'CancelSale',
      saleId: command.saleId,
      by: { userId: command.userId, admin: command.admin },
      now: now(deps, command),
    },
    command,
  );
}
