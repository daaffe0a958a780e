import { DomainError } from '../errors';
import { MIN_PAID_PRICE_CENTS } from '../fees';
import { formatMoney, type Cents } from '../money';
import { saleMessages } from './sale.schemas';
import { saleItemKey, type SaleDefinition, type SaleEvent, type SaleItemRef } from './sale.events';

/** The longest a sale may run: a reduction that never ends is a new regular price, not a sale. */
export const MAX_SALE_DAYS = 31;
/** The shortest: a sale a buyer could not notice is no sale. */
export const MIN_SALE_MINUTES = 60;
/** How far ahead a sale may be scheduled. */
export const MAX_SCHEDULE_AHEAD_DAYS = 365;
/** A start this little in the past (the form's "now", the request's way) means now. */
export const START_GRACE_MS = 5 * 60 * 1000;
/** The most items one sale can hold. */
export const MAX_SALE_ITEMS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the handler found about an item the sale names, read from the catalogue. */
export type SaleItemFacts = SaleItemRef & {
  name: string;
  /** null: no such item (or deleted). */
  authorId: number | null;
  priceCents: Cents;
};

export type ScheduleSale = {
  type: 'ScheduleSale';
  sale: SaleDefinition;
  items: readonly SaleItemFacts[];
  now: Date;
};
/** Replaces the definition of a sale not yet ended (`sale.saleId` names it). */
export type ChangeSale = {
  type: 'ChangeSale';
  sale: SaleDefinition;
  items: readonly SaleItemFacts[];
  now: Date;
};
export type CancelSale = {
  type: 'CancelSale';
  saleId: string;
  by: { userId: number; admin: boolean };
  now: Date;
};
export type SaleCommand = ScheduleSale | ChangeSale | CancelSale;

type KnownSale = SaleDefinition & { cancelledAt: string | null };
export type AuthorSalesState = { sales: ReadonlyMap<string, KnownSale> };
export const initialAuthorSalesState: AuthorSalesState = { sales: new Map() };

/** When the sale stops: its end, or its cancellation if that came first. */
export const effectiveEnd = (sale: KnownSale): string =>
  sale.cancelledAt !== null && sale.cancelledAt < sale.endsAt ? sale.cancelledAt : sale.endsAt;

export function evolveAuthorSales(state: AuthorSalesState, event: SaleEvent): AuthorSalesState {
  const sales = new Map(state.sales);
  switch (event.type) {
    case 'SaleScheduled':
    case 'SaleChanged': {
      const {
        scheduledAt: _s,
        changedAt: _c,
        ...definition
      } = event.data as SaleDefinition & {
        scheduledAt?: string;
        changedAt?: string;
      };
      sales.set(definition.saleId, { ...definition, cancelledAt: null });
      break;
    }
    case 'SaleCancelled': {
      const sale = sales.get(event.data.saleId);
      if (sale) sales.set(sale.saleId, { ...sale, cancelledAt: event.data.cancelledAt });
      break;
    }
  }
  return { sales };
}

const refuse = (message: string, field?: string) => new DomainError('BAD_USER_INPUT', message, field);
const ms = (iso: string) => Date.parse(iso);

/**
 * The rules every sale keeps, whether new or changed: a name, one to 500 of the author's own paid
 * items, each once; a sale price under each item's price (a percentage within 1-90 is the schema's);
 * an end after the start, at least an hour and at most 31 days later; a start not in the past and at
 * most a year ahead; and no item in two of the author's sales whose times overlap.
 */
function checkDefinition(
  sale: SaleDefinition,
  items: readonly SaleItemFacts[],
  state: AuthorSalesState,
  now: number,
  startMayBePast: boolean,
): SaleDefinition {
  if (sale.items.length === 0) throw refuse(saleMessages.itemsRequired, 'items');
  if (sale.items.length > MAX_SALE_ITEMS) throw refuse(saleMessages.tooManyItems, 'items');
  const facts = new Map(items.map((item) => [saleItemKey(item), item]));
  const seen = new Set<string>();
  for (const ref of sale.items) {
    const key = saleItemKey(ref);
    if (seen.has(key)) throw refuse(saleMessages.itemTwice, 'items');
    seen.add(key);
    const item = facts.get(key);
    if (!item || item.authorId === null) throw new DomainError('NOT_FOUND', saleMessages.noSuchItem, 'items');
    if (item.authorId !== sale.authorId) {
      throw new DomainError('FORBIDDEN', saleMessages.notYourItem(item.name), 'items');
    }
    if (item.priceCents < MIN_PAID_PRICE_CENTS) throw refuse(saleMessages.freeItem(item.name), 'items');
    if (sale.terms.kind === 'PRICE' && sale.terms.salePriceCents >= item.priceCents) {
      throw refuse(
        saleMessages.salePriceNotBelow(
          formatMoney(sale.terms.salePriceCents),
          item.name,
          formatMoney(item.priceCents),
        ),
        'salePrice',
      );
    }
  }
  if (sale.terms.kind === 'PRICE' && sale.terms.salePriceCents < MIN_PAID_PRICE_CENTS) {
    throw refuse(saleMessages.salePriceMin, 'salePrice');
  }

  let startsAt = ms(sale.startsAt);
  const endsAt = ms(sale.endsAt);
  if (!startMayBePast) {
    if (startsAt < now - START_GRACE_MS) throw refuse(saleMessages.startInPast, 'startsAt');
    startsAt = Math.max(startsAt, now);
  }
  if (startsAt > now + MAX_SCHEDULE_AHEAD_DAYS * DAY_MS) throw refuse(saleMessages.startTooFar, 'startsAt');
  if (endsAt <= startsAt) throw refuse(saleMessages.endBeforeStart, 'endsAt');
  if (endsAt - startsAt < MIN_SALE_MINUTES * 60 * 1000) throw refuse(saleMessages.tooShort, 'endsAt');
  if (endsAt - startsAt > MAX_SALE_DAYS * DAY_MS) throw refuse(saleMessages.tooLong, 'endsAt');

  for (const other of state.sales.values()) {
    if (other.saleId === sale.saleId) continue;
    const otherEnd = ms(effectiveEnd(other));
    if (!(ms(other.startsAt) < endsAt && startsAt < otherEnd)) continue;
    const otherKeys = new Set(other.items.map(saleItemKey));
    const shared = sale.items.find((ref) => otherKeys.has(saleItemKey(ref)));
    if (shared) {
      const name = facts.get(saleItemKey(shared))?.name ?? 'An item';
      throw new DomainError('CONFLICT', saleMessages.overlaps(name, other.name), 'items');
    }
  }
  return { ...sale, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(endsAt).toISOString() };
}

const termsKey = (sale: SaleDefinition) =>
  sale.terms.kind === 'PERCENT' ? `%${sale.terms.percentOff}` : `=${sale.terms.salePriceCents}`;
const itemsKey = (sale: SaleDefinition) => sale.items.map(saleItemKey).sort().join(',');

function sameDefinition(a: SaleDefinition, b: SaleDefinition): boolean {
  return (
    a.name === b.name &&
    termsKey(a) === termsKey(b) &&
    itemsKey(a) === itemsKey(b) &&
    ms(a.startsAt) === ms(b.startsAt) &&
    ms(a.endsAt) === ms(b.endsAt)
  );
}

function knownSale(state: AuthorSalesState, saleId: string): KnownSale {
  const sale = state.sales.get(saleId);
  if (!sale) throw new DomainError('NOT_FOUND', saleMessages.noSuchSale);
  return sale;
}

function notOver(sale: KnownSale, now: number) {
  if (sale.cancelledAt !== null) throw new DomainError('CONFLICT', saleMessages.cancelled);
  if (ms(sale.endsAt) <= now) throw new DomainError('CONFLICT', saleMessages.ended);
}

export function decideAuthorSales(command: SaleCommand, state: AuthorSalesState): SaleEvent[] {
  const now = command.now.getTime();
  const at = command.now.toISOString();
  switch (command.type) {
    case 'ScheduleSale': {
      if (state.sales.has(command.sale.saleId))
        throw new DomainError('CONFLICT', saleMessages.alreadyScheduled);
      const sale = checkDefinition(command.sale, command.items, state, now, false);
      return [{ type: 'SaleScheduled', data: { ...sale, scheduledAt: at } }];
    }
    case 'ChangeSale': {
      const before = knownSale(state, command.sale.saleId);
      if (before.authorId !== command.sale.authorId)
        throw new DomainError('NOT_FOUND', saleMessages.noSuchSale);
      notOver(before, now);
      const started = ms(before.startsAt) <= now;
      if (started) {
        // Buyers have seen the running sale's price and reference: only its name and end may move.
        const same = sameDefinition(before, { ...command.sale, name: before.name, endsAt: before.endsAt });
        if (!same) {
          throw new DomainError('CONFLICT', saleMessages.runningChange, 'startsAt');
        }
        if (ms(command.sale.endsAt) <= now) throw refuse(saleMessages.endInPast, 'endsAt');
      }
      const sale = checkDefinition(command.sale, command.items, state, now, started);
      if (sameDefinition(before, sale)) return [];
      return [{ type: 'SaleChanged', data: { ...sale, changedAt: at } }];
    }
    case 'CancelSale': {
      const sale = knownSale(state, command.saleId);
      if (!command.by.admin && sale.authorId !== command.by.userId) {
        throw new DomainError('NOT_FOUND', saleMessages.noSuchSale);
      }
      if (sale.cancelledAt !== null) return [];
      if (ms(sale.endsAt) <= now) throw new DomainError('CONFLICT', saleMessages.ended);
      return [
        {
          type: 'SaleCancelled',
          data: {
            saleId: sale.saleId,
            authorId: sale.authorId,
            by: command.by.userId,
            byAdmin: command.by.admin && sale.authorId !== command.by.userId,
            cancelledAt: at,
          },
        },
      ];
    }
  }
}

export const authorSalesDecider = {
  initialState: initialAuthorSalesState,
  decide: decideAuthorSales,
  evolve: evolveAuthorSales,
};
