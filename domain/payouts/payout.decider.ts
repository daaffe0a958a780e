import { DomainError, type DomainErrorCode } from '../errors';
import { CENTS_PER_EURO, formatMoney, formatWholeEuros, type Cents } from '../money';
import {
  payoutItemKey,
  sepaEndToEndId,
  type PayoutAdjustmentAdded,
  type PayoutDestination,
  type PayoutEvent,
  type PayoutItem,
  type PayoutStatus,
} from './payout.events';

/** A payout is locked only from 50 EUR on (spec 9); below that it keeps collecting. */
export const MIN_PAYOUT_EUR = 50;
export const MIN_PAYOUT_CENTS = MIN_PAYOUT_EUR * CENTS_PER_EURO;
/** A failure or export reference is short text. */
export const MAX_REASON_LENGTH = 500;

export type OpenPayout = { type: 'OpenPayout'; payoutId: number; authorId: number; openedAt: Date };
export type AddPayoutItem = { type: 'AddPayoutItem'; item: PayoutItem };
export type RemovePayoutItem = {
  type: 'RemovePayoutItem';
  orderId: string;
  position: number;
  removedAt: Date;
};
export type AddPayoutAdjustment = {
  type: 'AddPayoutAdjustment';
  adjustment: Omit<PayoutAdjustmentAdded['data'], 'payoutId' | 'authorId' | 'addedAt'>;
  addedAt: Date;
};
/**
 * `destination` is the author's payout details as they are now (null when no method is chosen or
 * its details are incomplete: `missingDetails` says what is missing).
 */
export type LockPayout = {
  type: 'LockPayout';
  destination: PayoutDestination | null;
  missingDetails?: string;
  /** The bank payout date it is locked for; null for PayPal. */
  payoutDate: string | null;
  lockedAt: Date;
  /** The author holds their payouts (their payout preferences): nobody locks it until they release them. */
  heldByAuthor?: boolean;
};
/** The payout went into a stored SEPA file; its end-to-end id comes from the payout alone. */
export type RecordPayoutExport = {
  type: 'RecordPayoutExport';
  fileId: string;
  batchId: string;
  exportedAt: Date;
};
/** An admin takes the payout out of the SEPA file that holds it, with a reason. */
export type WithdrawPayoutExport = { type: 'WithdrawPayoutExport'; reason: string; withdrawnAt: Date };
export type SendPayout = { type: 'SendPayout'; transferReference: string; sentAt: Date };
export type FailPayout = { type: 'FailPayout'; reason: string; failedAt: Date };
export type RelockPayout = {
  type: 'RelockPayout';
  destination: PayoutDestination | null;
  missingDetails?: string;
  payoutDate: string | null;
  relockedAt: Date;
};

export type PayoutCommand =
  | OpenPayout
  | AddPayoutItem
  | RemovePayoutItem
  | AddPayoutAdjustment
  | LockPayout
  | RecordPayoutExport
  | WithdrawPayoutExport
  | SendPayout
  | FailPayout
  | RelockPayout;

export type PayoutState = {
  /** null until the payout is opened. */
  status: PayoutStatus | null;
  payoutId: number | null;
  authorId: number | null;
  /** The author's share of each item it holds, by `payoutItemKey`. */
  items: Readonly<Record<string, Cents>>;
  /** Items plus adjustments: what the payout is worth now (frozen once locked). */
  balanceCents: Cents;
  /** The amount frozen by the lock; null while pending. */
  lockedAmountCents: Cents | null;
  destination: PayoutDestination | null;
  /** The SEPA file that holds it (bank payouts), until it is withdrawn from it or fails. */
  exported: { fileId: string | null; batchId: string; endToEndId: string; exportedAt: string } | null;
};

export const initialPayoutState: PayoutState = {
  status: null,
  payoutId: null,
  authorId: null,
  items: {},
  balanceCents: 0,
  lockedAmountCents: null,
  destination: null,
  exported: null,
};

export type PayoutRefusalReason =
  | 'PAYOUT_NOT_FOUND'
  | 'PAYOUT_ALREADY_OPENED'
  | 'NOT_PENDING'
  | 'DUPLICATE_ITEM'
  | 'ITEM_NOT_IN_PAYOUT'
  | 'UNDER_MINIMUM'
  | 'HELD_BY_AUTHOR'
  | 'NO_PAYOUT_METHOD'
  | 'NOT_LOCKED'
  | 'NOT_A_BANK_PAYOUT'
  | 'NOT_EXPORTED'
  | 'ALREADY_EXPORTED'
  | 'NOT_IN_FILE'
  | 'NOT_SENDABLE'
  | 'NOT_FAILED'
  | 'INVALID_REASON';

/** A refused payout command: a DomainError (the API maps its code) with a precise reason. */
export class PayoutRefused extends DomainError {
  override name = 'PayoutRefused';
  constructor(
    readonly reason: PayoutRefusalReason,
    code: DomainErrorCode,
    message: string,
    readonly payoutId: number | null,
  ) {
    super(code, message, 'id');
  }
}

/** The refusals people see (the API answers them as BAD_USER_INPUT with this text). */
export const payoutRefusalMessages = {
  notFound: 'There is no such payout.',
  notPending: 'Only a pending payout can be locked.',
  underMinimum: (balance: Cents) =>
    `The payout holds ${formatMoney(balance)}, under the minimum of ${formatWholeEuros(MIN_PAYOUT_EUR)}: it keeps collecting.`,
  heldByAuthor: 'The author holds their payouts: it keeps collecting until they release them.',
  noMethod: (missing: string) => `The author has no complete payout method: ${missing}`,
  notLocked: 'Only a locked payout can be sent.',
  notBank: 'Only bank transfer payouts go into a SEPA file.',
  notExported: 'Export this payout in a SEPA file and pay it at the bank before marking it sent.',
  alreadyExported: (payoutId: number, batchId: string, exportedAt: string) =>
    `Payout ${payoutId} is already in SEPA file ${batchId} (exported ${exportedAt.slice(0, 16).replace('T', ' ')} UTC). ` +
    'Download that file again, or withdraw the payout from it with a reason if the bank will not pay it.',
  notInFile: (payoutId: number) => `Payout ${payoutId} is in no SEPA file.`,
  withdrawNotLocked: 'Only a locked payout that is not sent yet can be withdrawn from its SEPA file.',
  notSendable: 'Only a locked or sent payout can be marked as failed.',
  notFailed: 'Only a failed payout can be locked again.',
  reason: `Give a reason of 1 to ${MAX_REASON_LENGTH} characters.`,
} as const;

export function evolvePayout(state: PayoutState, event: PayoutEvent): PayoutState {
  switch (event.type) {
    case 'PayoutOpened':
      return {
        ...state,
        status: 'PENDING',
        payoutId: event.data.payoutId,
        authorId: event.data.authorId,
      };
    case 'PayoutItemAdded':
      return {
        ...state,
        items: { ...state.items, [payoutItemKey(event.data.item)]: event.data.item.authorShareCents },
        balanceCents: state.balanceCents + event.data.item.authorShareCents,
      };
    case 'PayoutItemRemoved': {
      const { [payoutItemKey(event.data)]: _removed, ...items } = state.items;
      return { ...state, items, balanceCents: state.balanceCents - event.data.authorShareCents };
    }
    case 'PayoutAdjustmentAdded':
      return { ...state, balanceCents: state.balanceCents + event.data.amountCents };
    case 'PayoutLocked':
      return {
        ...state,
        status: 'LOCKED',
        lockedAmountCents: event.data.amountCents,
        destination: event.data.destination,
      };
    case 'PayoutExported':
      return {
        ...state,
        exported: {
          fileId: event.data.fileId,
          batchId: event.data.batchId,
          endToEndId: event.data.endToEndId,
          exportedAt: event.data.exportedAt,
        },
      };
    case 'PayoutExportWithdrawn':
      return { ...state, exported: null };
    case 'PayoutSent':
      return { ...state, status: 'SENT' };
    case 'PayoutFailed':
      return { ...state, status: 'ERROR', exported: null };
    case 'PayoutRelocked':
      return { ...state, status: 'LOCKED', destination: event.data.destination };
  }
}

export function decidePayout(command: PayoutCommand, state: PayoutState): PayoutEvent[] {
  if (command.type === 'OpenPayout') return openPayout(command, state);
  if (state.status === null || state.payoutId === null || state.authorId === null) {
    throw new PayoutRefused('PAYOUT_NOT_FOUND', 'NOT_FOUND', payoutRefusalMessages.notFound, null);
  }
  const opened = state as OpenedPayoutState;
  switch (command.type) {
    case 'AddPayoutItem':
      return addItem(command, opened);
    case 'RemovePayoutItem':
      return removeItem(command, opened);
    case 'AddPayoutAdjustment':
      return addAdjustment(command, opened);
    case 'LockPayout':
      return lockPayout(command, opened);
    case 'RecordPayoutExport':
      return recordExport(command, opened);
    case 'WithdrawPayoutExport':
      return withdrawExport(command, opened);
    case 'SendPayout':
      return sendPayout(command, opened);
    case 'FailPayout':
      return failPayout(command, opened);
    case 'RelockPayout':
      return relockPayout(command, opened);
  }
}

/** The decider as one value, for handlers that load, decide and append generically. */
export const payoutDecider = { initialState: initialPayoutState, decide: decidePayout, evolve: evolvePayout };

type OpenedPayoutState = PayoutState & { status: PayoutStatus; payoutId: number; authorId: number };

function refuse(
  state: OpenedPayoutState,
  reason: PayoutRefusalReason,
  message: string,
  code: DomainErrorCode = 'BAD_USER_INPUT',
) {
  return new PayoutRefused(reason, code, message, state.payoutId);
}

function requirePending(state: OpenedPayoutState) {
  if (state.status !== 'PENDING') throw refuse(state, 'NOT_PENDING', payoutRefusalMessages.notPending);
}

function openPayout(command: OpenPayout, state: PayoutState): PayoutEvent[] {
  if (state.status !== null) {
    throw new PayoutRefused(
      'PAYOUT_ALREADY_OPENED',
      'CONFLICT',
      'This payout was already opened.',
      command.payoutId,
    );
  }
  return [
    {
      type: 'PayoutOpened',
      data: {
        payoutId: command.payoutId,
        authorId: command.authorId,
        openedAt: command.openedAt.toISOString(),
      },
    },
  ];
}

function addItem(command: AddPayoutItem, state: OpenedPayoutState): PayoutEvent[] {
  requirePending(state);
  if (payoutItemKey(command.item) in state.items) {
    throw refuse(state, 'DUPLICATE_ITEM', 'This item is already in the payout.', 'CONFLICT');
  }
  return [
    {
      type: 'PayoutItemAdded',
      data: { payoutId: state.payoutId, authorId: state.authorId, item: command.item },
    },
  ];
}

function removeItem(command: RemovePayoutItem, state: OpenedPayoutState): PayoutEvent[] {
  requirePending(state);
  const share = state.items[payoutItemKey(command)];
  if (share === undefined) {
    throw refuse(state, 'ITEM_NOT_IN_PAYOUT', 'This item is not in the payout.', 'CONFLICT');
  }
  return [
    {
      type: 'PayoutItemRemoved',
      data: {
        payoutId: state.payoutId,
        orderId: command.orderId,
        position: command.position,
        authorShareCents: share,
        reason: 'ORDER_REFUNDED',
        removedAt: command.removedAt.toISOString(),
      },
    },
  ];
}

function addAdjustment(command: AddPayoutAdjustment, state: OpenedPayoutState): PayoutEvent[] {
  requirePending(state);
  return [
    {
      type: 'PayoutAdjustmentAdded',
      data: {
        ...command.adjustment,
        payoutId: state.payoutId,
        authorId: state.authorId,
        addedAt: command.addedAt.toISOString(),
      },
    },
  ];
}

function requireDestination(
  state: OpenedPayoutState,
  command: { destination: PayoutDestination | null; missingDetails?: string },
): PayoutDestination {
  if (command.destination) return command.destination;
  throw refuse(
    state,
    'NO_PAYOUT_METHOD',
    payoutRefusalMessages.noMethod(command.missingDetails ?? 'no payout method is chosen.'),
  );
}

function lockPayout(command: LockPayout, state: OpenedPayoutState): PayoutEvent[] {
  requirePending(state);
  if (state.balanceCents < MIN_PAYOUT_CENTS) {
    throw refuse(state, 'UNDER_MINIMUM', payoutRefusalMessages.underMinimum(state.balanceCents));
  }
  if (command.heldByAuthor) throw refuse(state, 'HELD_BY_AUTHOR', payoutRefusalMessages.heldByAuthor);
  const destination = requireDestination(state, command);
  return [
    {
      type: 'PayoutLocked',
      data: {
        payoutId: state.payoutId,
        authorId: state.authorId,
        amountCents: state.balanceCents,
        itemCount: Object.keys(state.items).length,
        destination,
        payoutDate: destination.method === 'PAYPAL' ? null : command.payoutDate,
        lockedAt: command.lockedAt.toISOString(),
      },
    },
  ];
}

/**
 * Why a payout cannot go into a SEPA file now, or null: asked before the file is made (the export
 * plans its file on it) and again when the export is recorded.
 */
export function exportRefusal(state: PayoutState): PayoutRefused | null {
  if (state.status === null || state.payoutId === null || state.authorId === null) {
    return new PayoutRefused('PAYOUT_NOT_FOUND', 'NOT_FOUND', payoutRefusalMessages.notFound, null);
  }
  const opened = state as OpenedPayoutState;
  if (state.status !== 'LOCKED') return refuse(opened, 'NOT_LOCKED', payoutRefusalMessages.notLocked);
  if (state.destination?.method !== 'BANK_TRANSFER') {
    return refuse(opened, 'NOT_A_BANK_PAYOUT', payoutRefusalMessages.notBank);
  }
  // One file at a time: a second file would let the bank pay the author twice.
  if (state.exported !== null) {
    return refuse(
      opened,
      'ALREADY_EXPORTED',
      payoutRefusalMessages.alreadyExported(
        state.payoutId,
        state.exported.batchId,
        state.exported.exportedAt,
      ),
      'CONFLICT',
    );
  }
  return null;
}

function recordExport(command: RecordPayoutExport, state: OpenedPayoutState): PayoutEvent[] {
  const refusal = exportRefusal(state);
  if (refusal) throw refusal;
  return [
    {
      type: 'PayoutExported',
      data: {
        payoutId: state.payoutId,
        fileId: command.fileId,
        batchId: command.batchId,
        endToEndId: sepaEndToEndId(state.payoutId),
        exportedAt: command.exportedAt.toISOString(),
      },
    },
  ];
}

function withdrawExport(command: WithdrawPayoutExport, state: OpenedPayoutState): PayoutEvent[] {
  if (state.status !== 'LOCKED') {
    throw refuse(state, 'NOT_LOCKED', payoutRefusalMessages.withdrawNotLocked);
  }
  if (state.exported === null) {
    throw refuse(state, 'NOT_IN_FILE', payoutRefusalMessages.notInFile(state.payoutId));
  }
  const reason = command.reason.trim();
  if (reason.length === 0 || reason.length > MAX_REASON_LENGTH) {
    throw refuse(state, 'INVALID_REASON', payoutRefusalMessages.reason);
  }
  return [
    {
      type: 'PayoutExportWithdrawn',
      data: {
        payoutId: state.payoutId,
        fileId: state.exported.fileId,
        batchId: state.exported.batchId,
        reason,
        withdrawnAt: command.withdrawnAt.toISOString(),
      },
    },
  ];
}

function sendPayout(command: SendPayout, state: OpenedPayoutState): PayoutEvent[] {
  if (state.status !== 'LOCKED' || state.destination === null || state.lockedAmountCents === null) {
    throw refuse(state, 'NOT_LOCKED', payoutRefusalMessages.notLocked);
  }
  if (state.destination.method === 'BANK_TRANSFER' && state.exported === null) {
    throw refuse(state, 'NOT_EXPORTED', payoutRefusalMessages.notExported);
  }
  return [
    {
      type: 'PayoutSent',
      data: {
        payoutId: state.payoutId,
        authorId: state.authorId,
        amountCents: state.lockedAmountCents,
        destination: state.destination,
        transferReference: command.transferReference,
        sentAt: command.sentAt.toISOString(),
      },
    },
  ];
}

function failPayout(command: FailPayout, state: OpenedPayoutState): PayoutEvent[] {
  if (state.status !== 'LOCKED' && state.status !== 'SENT') {
    throw refuse(state, 'NOT_SENDABLE', payoutRefusalMessages.notSendable);
  }
  const reason = command.reason.trim();
  if (reason.length === 0 || reason.length > MAX_REASON_LENGTH) {
    throw refuse(state, 'INVALID_REASON', payoutRefusalMessages.reason);
  }
  return [
    {
      type: 'PayoutFailed',
      data: { payoutId: state.payoutId, reason, failedAt: command.failedAt.toISOString() },
    },
  ];
}

function relockPayout(command: RelockPayout, state: OpenedPayoutState): PayoutEvent[] {
  if (state.status !== 'ERROR') throw refuse(state, 'NOT_FAILED', payoutRefusalMessages.notFailed);
  const destination = requireDestination(state, command);
  return [
    {
      type: 'PayoutRelocked',
      data: {
        payoutId: state.payoutId,
        authorId: state.authorId,
        destination,
        payoutDate: destination.method === 'PAYPAL' ? null : command.payoutDate,
        relockedAt: command.relockedAt.toISOString(),
      },
    },
  ];
}
