import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import {
  accountDeletionDecider,
  deletionObstacles,
  type AccountDeletionCommand,
  type DeletionObstacles,
} from './account-deletion';
import type { AccountEvent } from './account.events';

const { given } = deciderSpec(accountDeletionDecider);
const now = '2026-11-28T10:00:00.000Z';
const none: DeletionObstacles = { mustFinish: [], earningsGivenUpCents: 0 };
const self = (overrides: Partial<AccountDeletionCommand> = {}): AccountDeletionCommand =>
  ({
    by: 'SELF',
    userId: 7,
    now,
    targetIsAdmin: false,
    obstacles: none,
    earningsGivenUp: false,
    ...overrides,
  }) as AccountDeletionCommand;
const byAdmin = (adminId: number, overrides: Partial<AccountDeletionCommand> = {}): AccountDeletionCommand =>
  ({ ...self(overrides), by: 'ADMIN', adminId }) as AccountDeletionCommand;
const deleted = (by: 'SELF' | 'ADMIN', adminId: number | null): AccountEvent => ({
  type: 'AccountDeleted',
  data: { userId: 7, deletedAt: now, by, adminId },
});

describe('account deletion decider', () => {
  it('records the deletion by the owner, and by an admin with the admin named', () => {
    given([])
      .when(self())
      .then([deleted('SELF', null)]);
    given([])
      .when(byAdmin(1))
      .then([deleted('ADMIN', 1)]);
  });

  it('deletes once', () => {
    given([deleted('SELF', null)])
      .when(self())
      .then(refused(DomainError, { code: 'CONFLICT' }));
  });

  it('never deletes an admin account, nor an admin their own through the admin route', () => {
    given([])
      .when(self({ targetIsAdmin: true }))
      .then(refused(DomainError, { code: 'FORBIDDEN' }));
    given([])
      .when(byAdmin(2, { targetIsAdmin: true }))
      .then(refused(DomainError, { code: 'FORBIDDEN' }));
    given([])
      .when(byAdmin(7))
      .then(refused(DomainError, { code: 'FORBIDDEN' }));
  });

  it('waits while money is on its way to the author', () => {
    const obstacles = deletionObstacles([{ id: 3, status: 'LOCKED', amountCents: 6000 }], 5000);
    given([])
      .when(self({ obstacles }))
      .then(refused(DomainError, { code: 'CONFLICT', message: obstacles.mustFinish[0] }));
  });

  it('asks the person to give up pending earnings under the minimum, then deletes', () => {
    const obstacles = deletionObstacles([{ id: 4, status: 'PENDING', amountCents: 1234 }], 5000);
    expect(obstacles).toEqual({ mustFinish: [], earningsGivenUpCents: 1234 });
    given([])
      .when(self({ obstacles }))
      .then(refused(DomainError, { code: 'BAD_USER_INPUT' }));
    given([])
      .when(self({ obstacles, earningsGivenUp: true }))
      .then([deleted('SELF', null)]);
  });
});

describe('deletion obstacles', () => {
  it('sent payouts and empty pending ones are no obstacle; the rest are, each named', () => {
    const obstacles = deletionObstacles(
      [
        { id: 1, status: 'SENT', amountCents: 9000 },
        { id: 2, status: 'PENDING', amountCents: 0 },
        { id: 3, status: 'ERROR', amountCents: 5100 },
        { id: 4, status: 'PENDING', amountCents: 5000 },
        { id: 5, status: 'LOCKED', amountCents: 7000 },
      ],
      5000,
    );
    expect(obstacles.earningsGivenUpCents).toBe(0);
    expect(obstacles.mustFinish).toHaveLength(3);
    expect(obstacles.mustFinish[0]).toContain('Payout 3');
    expect(obstacles.mustFinish[1]).toContain('Payout 4');
    expect(obstacles.mustFinish[2]).toContain('Payout 5');
  });
});
