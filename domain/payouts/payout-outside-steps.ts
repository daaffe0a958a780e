import { DomainError } from '../errors';
import type { Cents } from '../money';
import {
  decidePayout,
  evolvePayout,
  exportRefusal,
  initialPayoutState,
  payoutRefusalMessages,
  PayoutRefused,
  type PayoutState,
} from './payout.decider';
import { sepaEndToEndId, type PayoutEvent } from './payout.events';

// The payout commands that need something done outside before their events are written: sending a
// PayPal payout (PayPal's Payouts API) and exporting bank payouts (a stored SEPA file). Each says
// what to ask outside, as data (`plan`), and what the answer records (`decide`).

const payoutFold = { initialState: initialPayoutState, evolve: evolvePayout };

/** sendPayout: PayPal payouts go through PayPal; bank payouts are sent once their SEPA file went out. */
export type SendPayoutCommand = { sentAt: Date };

/** One author payout to a PayPal account (the key PayPal sees is the command's). */
export type PaypalPayoutCall = { payoutId: number; receiverEmail: string; amountCents: Cents };
/** PayPal took the batch (its id), or refused it for a reason the author or an admin must fix. */
export type PaypalPayoutAnswer = { status: 'sent'; batchId: string } | { status: 'refused'; reason: string };

export const sendPayoutRules = {
  ...payoutFold,
  /** A locked PayPal payout asks PayPal; anything else decides alone (a bank payout, or a refusal). */
  plan(_command: SendPayoutCommand, [state]: readonly PayoutState[]): PaypalPayoutCall | null {
    if (!state || state.status === null || state.payoutId === null) {
      throw new PayoutRefused('PAYOUT_NOT_FOUND', 'NOT_FOUND', payoutRefusalMessages.notFound, null);
    }
    if (
      state.destination?.method === 'PAYPAL' &&
      state.status === 'LOCKED' &&
      state.lockedAmountCents !== null
    ) {
      return {
        payoutId: state.payoutId,
        receiverEmail: state.destination.paypalAccount,
        amountCents: state.lockedAmountCents,
      };
    }
    return null;
  },
  /** SENT with PayPal's batch id (or the SEPA file's message id), or ERROR with PayPal's reason. */
  decide(
    command: SendPayoutCommand,
    [state]: readonly PayoutState[],
    answer: PaypalPayoutAnswer | null,
  ): PayoutEvent[][] {
    if (answer?.status === 'refused') {
      return [decidePayout({ type: 'FailPayout', reason: answer.reason, failedAt: command.sentAt }, state!)];
    }
    const transferReference = answer ? answer.batchId : (state!.exported?.batchId ?? '');
    return [decidePayout({ type: 'SendPayout', transferReference, sentAt: command.sentAt }, state!)];
  },
};

/** exportSepaFile: locked bank payouts into one stored SEPA credit transfer file. */
export type ExportSepaCommand = { payoutIds: readonly number[] };

/** One transfer of the file, from the payout's state alone. */
export type SepaTransferCall = {
  payoutId: number;
  endToEndId: string;
  amountCents: Cents;
  creditor: { name: string; iban: string; bic: string; street: string; city: string; country: string };
};
/** The file to store: its transfers, in payout id order. */
export type SepaFileCall = { transfers: SepaTransferCall[] };
/** The stored file (the first one stored under the command's key, on a retry). */
export type StoredSepaFile = { fileId: string; messageId: string; createdAt: string };

export const exportSepaRules = {
  ...payoutFold,
  /** Every payout must be a locked bank payout in no file yet; the file's transfers come from them. */
  plan(command: ExportSepaCommand, states: readonly PayoutState[]): SepaFileCall {
    const transfers = states.map((state, i) => {
      const id = command.payoutIds[i]!;
      const destination = state.destination;
      if (
        state.status !== 'LOCKED' ||
        destination?.method !== 'BANK_TRANSFER' ||
        state.lockedAmountCents === null
      ) {
        throw new DomainError('BAD_USER_INPUT', `Payout ${id} is not a locked bank transfer payout.`, 'ids');
      }
      const refusal = exportRefusal(state);
      if (refusal) throw refusal;
      return {
        payoutId: id,
        endToEndId: sepaEndToEndId(id),
        amountCents: state.lockedAmountCents,
        creditor: {
          name: destination.name,
          iban: destination.iban,
          bic: destination.bic,
          street: destination.street,
          city: destination.city,
          country: destination.country,
        },
      };
    });
    return { transfers };
  },
  /** Each payout records the file that holds it. */
  decide(
    _command: ExportSepaCommand,
    states: readonly PayoutState[],
    file: StoredSepaFile | null,
  ): PayoutEvent[][] {
    if (!file) return states.map(() => []);
    return states.map((state) =>
      decidePayout(
        {
          type: 'RecordPayoutExport',
          fileId: file.fileId,
          batchId: file.messageId,
          exportedAt: new Date(file.createdAt),
        },
        state,
      ),
    );
  },
};
