import { DomainError, type DomainErrorCode } from '../errors';
import { PRICE_MAX_EUR } from '../catalog/item-editor.schemas';
import { CENTS_PER_EURO, isCents, type Cents } from '../money';
import type { OrderCancellationReason, OrderItemRef } from '../orders/order.events';
import type {
  CodeItemScope,
  CodeReductionRule,
  DiscountCodeEvent,
  EarlierBuyersRule,
} from './discount-code.events';
import { CODE_MAX, CODE_MIN, CODE_PATTERN, MAX_USES_LIMIT } from './discount-code.schemas';

/** What a code is and how far it was used: the decider's state, and what checkout checks a cart against. */
export type CodeTerms = {
  code: string;
  authorId: number;
  reduction: CodeReductionRule;
  items: CodeItemScope;
  maxUses: number | null;
  expiresAt: string | null;
  earlierBuyersOf: EarlierBuyersRule | null;
  active: boolean;
  /** Redemptions not released (orders paid, or still waiting for their payment). */
  uses: number;
};

export type DiscountCodeState = {
  terms: CodeTerms | null;
  /** Orders that redeemed the code and were not released, and those released: a use per order. */
  heldBy: readonly string[];
  releasedFor: readonly string[];
};

export const initialDiscountCodeState: DiscountCodeState = { terms: null, heldBy: [], releasedFor: [] };

export type CreateDiscountCode = {
  type: 'CreateDiscountCode';
  code: string;
  authorId: number;
  reduction: CodeReductionRule;
  items: CodeItemScope;
  maxUses: number | null;
  expiresAt: Date | null;
  earlierBuyersOf: { item: OrderItemRef & { name: string }; before: Date } | null;
  createdAt: Date;
};
export type DeactivateDiscountCode = {
  type: 'DeactivateDiscountCode';
  by: number;
  /** An admin may deactivate any code (the API checks the role). */
  byAdmin: boolean;
  deactivatedAt: Date;
};
export type RedeemDiscountCode = {
  type: 'RedeemDiscountCode';
  orderId: string;
  /** The CODE reductions the order records, per item. */
  items: readonly (OrderItemRef & { cents: Cents })[];
  redeemedAt: Date;
};
export type ReleaseDiscountCodeRedemption = {
  type: 'ReleaseDiscountCodeRedemption';
  orderId: string;
  reason: OrderCancellationReason;
  releasedAt: Date;
};
export type DiscountCodeCommand =
  CreateDiscountCode | DeactivateDiscountCode | RedeemDiscountCode | ReleaseDiscountCodeRedemption;

export type DiscountCodeRefusalReason =
  | 'CODE_TAKEN'
  | 'INVALID_CODE'
  | 'UNKNOWN_CODE'
  | 'NOT_THE_AUTHOR'
  | 'CODE_INACTIVE'
  | 'CODE_EXPIRED'
  | 'CODE_USED_UP'
  | 'ALREADY_REDEEMED';

export class DiscountCodeRefused extends DomainError {
  override name = 'DiscountCodeRefused';
  constructor(
    readonly reason: DiscountCodeRefusalReason,
    code: DomainErrorCode,
    message: string,
    field?: string,
  ) {
    super(code, message, field);
  }
}

/** 28. 11. 2026 (UTC), the site's date display. */
export function formatCodeDate(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}. ${two(date.getUTCMonth() + 1)}. ${date.getUTCFullYear()}`;
}

/** The buyer-facing refusals, one wording everywhere (checkout, the quote, the redemption). */
export const codeRefusalMessages = {
  unknown: (code: string) => `There is no code ${code}. Check how it is spelt.`,
  inactive: (code: string) => `The code ${code} was withdrawn by its author.`,
  expired: (code: string, at: string) => `The code ${code} expired on ${formatCodeDate(at)}.`,
  usedUp: (code: string) => `The code ${code} has been used up.`,
  notForItems: (code: string) => `The code ${code} is not for the items in your cart.`,
  earlierBuyersOnly: (code: string, rule: EarlierBuyersRule) =>
    `The code ${code} is only for players who bought ${rule.item.name} before ${formatCodeDate(rule.before)}.`,
  earlierBuyersSignIn: (code: string, rule: EarlierBuyersRule) =>
    `The code ${code} is only for players who bought ${rule.item.name} before ${formatCodeDate(rule.before)}: sign in with that account to use it.`,
  atFloor: (code: string) =>
    `The items the code ${code} is for already cost the lowest price a paid item may have: it takes nothing more off.`,
} as const;

/**
 * Whether a code can be redeemed now, by its terms and uses: refused (BAD_USER_INPUT on `code`)
 * when unknown, withdrawn, expired or used up. Checkout and the redemption ask the same.
 */
export function checkCodeUsable(code: string, terms: CodeTerms | null, at: Date): CodeTerms {
  const refuse = (reason: DiscountCodeRefusalReason, message: string) =>
    new DiscountCodeRefused(reason, 'BAD_USER_INPUT', message, 'code');
  if (!terms) throw refuse('UNKNOWN_CODE', codeRefusalMessages.unknown(code));
  if (!terms.active) throw refuse('CODE_INACTIVE', codeRefusalMessages.inactive(code));
  if (terms.expiresAt !== null && at.getTime() >= Date.parse(terms.expiresAt)) {
    throw refuse('CODE_EXPIRED', codeRefusalMessages.expired(code, terms.expiresAt));
  }
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) {
    throw refuse('CODE_USED_UP', codeRefusalMessages.usedUp(code));
  }
  return terms;
}

export function evolveDiscountCode(state: DiscountCodeState, event: DiscountCodeEvent): DiscountCodeState {
  switch (event.type) {
    case 'DiscountCodeCreated': {
      const { createdAt: _createdAt, ...terms } = event.data;
      return { ...state, terms: { ...terms, active: true, uses: 0 } };
    }
    case 'DiscountCodeDeactivated':
      return state.terms ? { ...state, terms: { ...state.terms, active: false } } : state;
    case 'DiscountCodeRedeemed':
      return {
        ...state,
        heldBy: [...state.heldBy, event.data.orderId],
        terms: state.terms ? { ...state.terms, uses: state.terms.uses + 1 } : null,
      };
    case 'DiscountCodeRedemptionReleased':
      return {
        ...state,
        heldBy: state.heldBy.filter((orderId) => orderId !== event.data.orderId),
        releasedFor: [...state.releasedFor, event.data.orderId],
        terms: state.terms ? { ...state.terms, uses: state.terms.uses - 1 } : null,
      };
  }
}

export function decideDiscountCode(
  command: DiscountCodeCommand,
  state: DiscountCodeState,
): DiscountCodeEvent[] {
  switch (command.type) {
    case 'CreateDiscountCode':
      return create(command, state);
    case 'DeactivateDiscountCode':
      return deactivate(command, state);
    case 'RedeemDiscountCode':
      return redeem(command, state);
    case 'ReleaseDiscountCodeRedemption':
      return release(command, state);
  }
}

export const discountCodeDecider = {
  initialState: initialDiscountCodeState,
  decide: decideDiscountCode,
  evolve: evolveDiscountCode,
};

function create(command: CreateDiscountCode, state: DiscountCodeState): DiscountCodeEvent[] {
  const invalid = (message: string, field: string) =>
    new DiscountCodeRefused('INVALID_CODE', 'BAD_USER_INPUT', message, field);
  const { code } = command;
  if (code.length < CODE_MIN || code.length > CODE_MAX || !CODE_PATTERN.test(code)) {
    throw invalid('A code has 3 to 32 capital letters, digits, - or _.', 'code');
  }
  if (state.terms) {
    throw new DiscountCodeRefused(
      'CODE_TAKEN',
      'CONFLICT',
      `The code ${code} is already taken on this site: choose another.`,
      'code',
    );
  }
  const { reduction } = command;
  if (
    reduction.kind === 'PERCENT' &&
    !(Number.isInteger(reduction.percent) && reduction.percent >= 1 && reduction.percent <= 100)
  ) {
    throw invalid('The percentage is a whole number from 1 to 100.', 'percent');
  }
  if (
    reduction.kind === 'AMOUNT' &&
    !(isCents(reduction.cents) && reduction.cents >= 1 && reduction.cents <= PRICE_MAX_EUR * CENTS_PER_EURO)
  ) {
    throw invalid(`The amount is from 0.01 to ${PRICE_MAX_EUR} EUR.`, 'amount');
  }
  if (command.items.kind === 'ITEMS' && command.items.items.length === 0) {
    throw invalid('Choose the items the code is for, or all your items.', 'items');
  }
  if (
    command.maxUses !== null &&
    !(Number.isInteger(command.maxUses) && command.maxUses >= 1 && command.maxUses <= MAX_USES_LIMIT)
  ) {
    throw invalid('The number of uses is a whole number of at least 1.', 'maxUses');
  }
  if (command.expiresAt !== null && command.expiresAt.getTime() <= command.createdAt.getTime()) {
    throw invalid('The expiry must be in the future.', 'expiresAt');
  }
  const items: CodeItemScope =
    command.items.kind === 'ALL'
      ? { kind: 'ALL' }
      : { kind: 'ITEMS', items: command.items.items.map(({ itemType, itemId }) => ({ itemType, itemId })) };
  return [
    {
      type: 'DiscountCodeCreated',
      data: {
        code,
        authorId: command.authorId,
        reduction,
        items,
        maxUses: command.maxUses,
        expiresAt: command.expiresAt?.toISOString() ?? null,
        earlierBuyersOf: command.earlierBuyersOf
          ? { item: command.earlierBuyersOf.item, before: command.earlierBuyersOf.before.toISOString() }
          : null,
        createdAt: command.createdAt.toISOString(),
      },
    },
  ];
}

function existing(state: DiscountCodeState): CodeTerms {
  if (!state.terms) {
    throw new DiscountCodeRefused('UNKNOWN_CODE', 'NOT_FOUND', 'There is no such code.');
  }
  return state.terms;
}

function deactivate(command: DeactivateDiscountCode, state: DiscountCodeState): DiscountCodeEvent[] {
  const terms = existing(state);
  if (terms.authorId !== command.by && !command.byAdmin) {
    // Another author learns nothing about the code, as if it did not exist.
    throw new DiscountCodeRefused('NOT_THE_AUTHOR', 'NOT_FOUND', 'There is no such code.');
  }
  if (!terms.active) {
    throw new DiscountCodeRefused(
      'CODE_INACTIVE',
      'CONFLICT',
      `The code ${terms.code} is already deactivated.`,
    );
  }
  return [
    {
      type: 'DiscountCodeDeactivated',
      data: { code: terms.code, by: command.by, deactivatedAt: command.deactivatedAt.toISOString() },
    },
  ];
}

function redeem(command: RedeemDiscountCode, state: DiscountCodeState): DiscountCodeEvent[] {
  const code = state.terms?.code ?? '';
  const terms = checkCodeUsable(code, state.terms, command.redeemedAt);
  if (state.heldBy.includes(command.orderId) || state.releasedFor.includes(command.orderId)) {
    throw new DiscountCodeRefused(
      'ALREADY_REDEEMED',
      'CONFLICT',
      `Order ${command.orderId} already used the code ${terms.code}: a code counts once per order.`,
      'code',
    );
  }
  if (command.items.length === 0 || command.items.some((item) => !isCents(item.cents) || item.cents <= 0)) {
    throw new RangeError('A redemption takes whole, positive cents off at least one item.');
  }
  const cents = command.items.reduce((sum, item) => sum + item.cents, 0);
  return [
    {
      type: 'DiscountCodeRedeemed',
      data: {
        code: terms.code,
        orderId: command.orderId,
        items: command.items.map(({ itemType, itemId, cents: itemCents }) => ({
          itemType,
          itemId,
          cents: itemCents,
        })),
        cents,
        redeemedAt: command.redeemedAt.toISOString(),
      },
    },
  ];
}

/** Idempotent: an order that holds no use of the code (never redeemed it, or already released) writes nothing. */
function release(command: ReleaseDiscountCodeRedemption, state: DiscountCodeState): DiscountCodeEvent[] {
  if (!state.terms || !state.heldBy.includes(command.orderId)) return [];
  return [
    {
      type: 'DiscountCodeRedemptionReleased',
      data: {
        code: state.terms.code,
        orderId: command.orderId,
        reason: command.reason,
        releasedAt: command.releasedAt.toISOString(),
      },
    },
  ];
}
