import { DomainError } from '../errors';
import { formatMoney } from '../money';
import type { AccountEvent } from './account.events';

/**
 * The deletion of an account (GDPR Art. 17), decided on its stream `account-{userId}`: who may
 * delete it, and what must be settled first. What the deletion then does (sessions, tokens, skins,
 * mails) is the handler's; the person's key and the "deleted user" of the read models follow the
 * `AccountDeleted` fact.
 */
export type AccountDeletionState = { deleted: boolean };
export const initialAccountDeletionState: AccountDeletionState = { deleted: false };

export function evolveAccountDeletion(
  state: AccountDeletionState,
  event: AccountEvent,
): AccountDeletionState {
  return event.type === 'AccountDeleted' ? { deleted: true } : state;
}

/** A payout of the account as the payouts read model holds it. */
export type PayoutFact = { id: number; status: 'PENDING' | 'LOCKED' | 'SENT' | 'ERROR'; amountCents: number };

/** What the account still has under way that a deletion must wait for, or give up knowingly. */
export type DeletionObstacles = {
  /** Reasons the deletion must wait, in the words the page shows; empty when nothing must finish. */
  mustFinish: string[];
  /** Earnings in a pending payout under the minimum, which the person gives up by deleting (cents). */
  earningsGivenUpCents: number;
};

/**
 * Money owed to the author must reach them before their payout details go: a payout being sent
 * (locked), one that failed (waiting for corrected details) and a pending one that reached the
 * minimum are paid out first. A pending balance under the minimum would never be paid once the
 * account is gone: the person may give it up, knowingly (the page asks them to tick it).
 */
export function deletionObstacles(
  payouts: readonly PayoutFact[],
  minimumPayoutCents: number,
): DeletionObstacles {
  const mustFinish: string[] = [];
  let earningsGivenUpCents = 0;
  for (const payout of payouts) {
    if (payout.status === 'LOCKED') {
      mustFinish.push(
        `Payout ${payout.id} (${formatMoney(payout.amountCents)}) is being sent to you. You can delete your account once it is sent.`,
      );
    } else if (payout.status === 'ERROR') {
      mustFinish.push(
        `Payout ${payout.id} (${formatMoney(payout.amountCents)}) failed to reach you. Correct your payout details in Settings so that it can be sent again, then delete your account.`,
      );
    } else if (payout.status === 'PENDING' && payout.amountCents >= minimumPayoutCents) {
      mustFinish.push(
        `Payout ${payout.id} holds ${formatMoney(payout.amountCents)} of your earnings, above the minimum payout: it is paid at the next payout date (PayPal payouts on request). You can delete your account once it is sent.`,
      );
    } else if (payout.status === 'PENDING' && payout.amountCents > 0) {
      earningsGivenUpCents += payout.amountCents;
    }
  }
  return { mustFinish, earningsGivenUpCents };
}

type DeletionFacts = {
  userId: number;
  now: string;
  targetIsAdmin: boolean;
  obstacles: DeletionObstacles;
  /** The person ticked that they give up the earnings under the minimum. */
  earningsGivenUp: boolean;
};
export type AccountDeletionCommand =
  (DeletionFacts & { by: 'SELF' }) | (DeletionFacts & { by: 'ADMIN'; adminId: number });

export function decideAccountDeletion(
  command: AccountDeletionCommand,
  state: AccountDeletionState,
): AccountEvent[] {
  if (state.deleted) throw new DomainError('CONFLICT', 'This account is already deleted.');
  if (command.by === 'ADMIN' && command.adminId === command.userId) {
    throw new DomainError('FORBIDDEN', 'You cannot delete your own account here: use Settings → Your data.');
  }
  // An admin account first loses its admin role (another admin's act): so the site never deletes
  // its last admin, and no admin deletes another through this route.
  if (command.targetIsAdmin) {
    throw new DomainError(
      'FORBIDDEN',
      command.by === 'ADMIN'
        ? 'An admin account cannot be deleted: its admin role must be removed first.'
        : 'An admin account cannot delete itself: ask another admin to remove your admin role first.',
    );
  }
  if (command.obstacles.mustFinish.length > 0) {
    throw new DomainError('CONFLICT', command.obstacles.mustFinish.join(' '));
  }
  if (command.obstacles.earningsGivenUpCents > 0 && !command.earningsGivenUp) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `Your pending earnings of ${formatMoney(command.obstacles.earningsGivenUpCents)} are under the minimum payout and cannot be paid once the account is deleted. Tick that you give them up to go on.`,
      'giveUpEarnings',
    );
  }
  return [
    {
      type: 'AccountDeleted',
      data: {
        userId: command.userId,
        deletedAt: command.now,
        by: command.by,
        adminId: command.by === 'ADMIN' ? command.adminId : null,
      },
    },
  ];
}

export const accountDeletionDecider = {
  initialState: initialAccountDeletionState,
  decide: decideAccountDeletion,
  evolve: evolveAccountDeletion,
};
