import { DomainError } from '../errors';
import type { TermsGround } from '../moderation/terms-grounds';

/** One account's recorded facts: stream `account-{userId}`, type `account`. */
export const ACCOUNT_STREAM_TYPE = 'account';
export const accountStreamId = (userId: number) => `account-${userId}`;

/** Recorded when an account proves its email by opening the mailed link. */
export type EmailVerified = {
  type: 'EmailVerified';
  data: { userId: number; email: string; verifiedAt: string; guestOrdersJoined: number };
};
/** An admin blocked the account: it cannot sign in, and what it made is hidden from the public. */
export type AccountBlocked = {
  type: 'AccountBlocked';
  /** `ground`: the rule of the terms the admin named (blocks recorded before statements of reasons lack it). */
  data: { userId: number; reason: string; blockedAt: string; ground?: TermsGround };
};
/** An admin lifted the block. */
export type AccountUnblocked = {
  type: 'AccountUnblocked';
  data: { userId: number; reason: string | null; unblockedAt: string };
};

/**
 * The account was deleted, by its owner or by an admin on request (GDPR Art. 17). What follows from
 * it (the person's key destroyed, read models showing "deleted user", sessions ended) is recorded by
 * the handlers and reactors that act on it. Carries no personal data.
 */
export type AccountDeleted = {
  type: 'AccountDeleted';
  data: { userId: number; deletedAt: string; by: 'SELF' | 'ADMIN'; adminId: number | null };
};

export type AccountEvent = EmailVerified | AccountBlocked | AccountUnblocked | AccountDeleted;
export const accountSchemaVersions: Record<AccountEvent['type'], number> = {
  EmailVerified: 1,
  AccountBlocked: 1,
  AccountUnblocked: 1,
  AccountDeleted: 1,
};

export type AccountBlockState = { blocked: boolean };
export const initialAccountBlockState: AccountBlockState = { blocked: false };

export function evolveAccountBlock(state: AccountBlockState, event: AccountEvent): AccountBlockState {
  switch (event.type) {
    case 'AccountBlocked':
      return { blocked: true };
    case 'AccountUnblocked':
      return { blocked: false };
    default:
      return state;
  }
}

/** The account as the handler found it, and who acts. */
type AccountFacts = { userId: number; adminId: number; targetIsAdmin: boolean; now: string };
export type AccountBlockCommand =
  | (AccountFacts & { kind: 'block'; reason: string; ground?: TermsGround })
  | (AccountFacts & { kind: 'unblock'; reason: string | null });

export function decideAccountBlock(command: AccountBlockCommand, state: AccountBlockState): AccountEvent[] {
  if (command.kind === 'block') {
    if (command.userId === command.adminId) throw new DomainError('FORBIDDEN', 'You cannot block yourself.');
    // An admin's account is changed by another route (its roles) first: blocks are for members.
    if (command.targetIsAdmin) throw new DomainError('FORBIDDEN', 'An admin account cannot be blocked.');
    if (state.blocked) throw new DomainError('CONFLICT', 'This account is already blocked.');
    return [
      {
        type: 'AccountBlocked',
        data: {
          userId: command.userId,
          reason: command.reason,
          blockedAt: command.now,
          ...(command.ground ? { ground: command.ground } : {}),
        },
      },
    ];
  }
  if (!state.blocked) throw new DomainError('CONFLICT', 'This account is not blocked.');
  return [
    {
      type: 'AccountUnblocked',
      data: { userId: command.userId, reason: command.reason, unblockedAt: command.now },
    },
  ];
}

export const accountBlockDecider = {
  initialState: initialAccountBlockState,
  decide: decideAccountBlock,
  evolve: evolveAccountBlock,
};
