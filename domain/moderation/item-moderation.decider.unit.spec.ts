import { describe, expect, it } from 'vitest';
import { accountBlockDecider, type AccountEvent } from '../accounts/account.events';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import {
  itemModerationDecider,
  itemModerationStreamId,
  type ItemModerationCommand,
  type ItemModerationEvent,
} from './item-moderation.decider';
import { reportInput, moderationReason } from './moderation.schemas';

const { given } = deciderSpec(itemModerationDecider);
const now = '2026-11-25T10:00:00.000Z';
const skin = { itemType: 'SKIN' as const, itemId: 12, now };
const report = (reporterId: number, reason: 'STOLEN' | 'SPAM' = 'STOLEN'): ItemModerationCommand => ({
  ...skin,
  kind: 'report',
  reporterId,
  itemAuthorId: 9,
  reason,
  text: '',
});
const reported = (reporterId: number, reason: 'STOLEN' | 'SPAM' = 'STOLEN'): ItemModerationEvent => ({
  type: 'ItemReported',
  data: { itemType: 'SKIN', itemId: 12, reporterId, reason, text: '', reportedAt: now },
});
const takenDown = (upheldReporterIds: number[]): ItemModerationEvent => ({
  type: 'ItemTakenDown',
  data: { itemType: 'SKIN', itemId: 12, reason: 'Stolen', upheldReporterIds, takenDownAt: now },
});

describe('item moderation decider', () => {
  it('names one stream per item', () => {
    expect(itemModerationStreamId('COMMENT', 5)).toBe('moderation-comment-5');
  });

  it('records a report, once per user, never on one’s own work', () => {
    given([])
      .when(report(1))
      .then([reported(1)]);
    given([reported(1)])
      .when(report(1, 'SPAM'))
      .then(refused(DomainError, { code: 'CONFLICT' }));
    given([])
      .when({ ...report(9) })
      .then(refused(DomainError, { code: 'FORBIDDEN' }));
  });

  it('a takedown upholds the open reports, in the order they came', () => {
    given([reported(3), reported(1)])
      .when({ ...skin, kind: 'take-down', reason: 'Stolen' })
      .then([takenDown([3, 1])]);
  });

  it('reports answered once are not upheld again; a taken-down item cannot be reported', () => {
    const dismissed: ItemModerationEvent = {
      type: 'ReportsDismissed',
      data: { itemType: 'SKIN', itemId: 12, reporterIds: [3], note: null, dismissedAt: now },
    };
    given([reported(3), dismissed, reported(4)])
      .when({ ...skin, kind: 'take-down', reason: 'Stolen' })
      .then([takenDown([4])]);
    given([takenDown([])])
      .when(report(5))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
  });

  it('refuses a second takedown, a restore of what is up, and a dismissal without open reports', () => {
    given([takenDown([])])
      .when({ ...skin, kind: 'take-down', reason: 'Again' })
      .then(refused(DomainError, { code: 'CONFLICT' }));
    given([])
      .when({ ...skin, kind: 'restore', reason: null })
      .then(refused(DomainError, { code: 'CONFLICT' }));
    given([reported(2), takenDown([2])])
      .when({ ...skin, kind: 'dismiss-reports', note: null })
      .then(refused(DomainError, { code: 'CONFLICT' }));
  });

  it('restores a taken-down item, which can then be taken down again', () => {
    const restored: ItemModerationEvent = {
      type: 'ItemRestored',
      data: { itemType: 'SKIN', itemId: 12, reason: 'Proven theirs', restoredAt: now },
    };
    given([takenDown([])])
      .when({ ...skin, kind: 'restore', reason: 'Proven theirs' })
      .then([restored]);
    given([takenDown([]), restored])
      .when({ ...skin, kind: 'take-down', reason: 'Stolen' })
      .then([takenDown([])]);
  });
});

describe('account block decider', () => {
  const block = deciderSpec(accountBlockDecider);
  const facts = { userId: 4, adminId: 1, targetIsAdmin: false, now };
  const blocked: AccountEvent = {
    type: 'AccountBlocked',
    data: { userId: 4, reason: 'Spam', blockedAt: now },
  };
  const verified: AccountEvent = {
    type: 'EmailVerified',
    data: { userId: 4, email: 'a@example.com', verifiedAt: now, guestOrdersJoined: 0 },
  };

  it('blocks a member and unblocks a blocked one, whatever else the account stream holds', () => {
    block
      .given([verified])
      .when({ ...facts, kind: 'block', reason: 'Spam' })
      .then([blocked]);
    block
      .given([verified, blocked])
      .when({ ...facts, kind: 'unblock', reason: null })
      .then([{ type: 'AccountUnblocked', data: { userId: 4, reason: null, unblockedAt: now } }]);
  });

  it('refuses blocking oneself, an admin, or twice; and unblocking a member who is not blocked', () => {
    block
      .given([])
      .when({ ...facts, adminId: 4, kind: 'block', reason: 'Me' })
      .then(refused(DomainError, { code: 'FORBIDDEN' }));
    block
      .given([])
      .when({ ...facts, targetIsAdmin: true, kind: 'block', reason: 'Rival' })
      .then(refused(DomainError, { code: 'FORBIDDEN' }));
    block
      .given([blocked])
      .when({ ...facts, kind: 'block', reason: 'Again' })
      .then(refused(DomainError, { code: 'CONFLICT' }));
    block
      .given([])
      .when({ ...facts, kind: 'unblock', reason: null })
      .then(refused(DomainError, { code: 'CONFLICT' }));
  });
});

describe('moderation input rules', () => {
  it('a reason has visible words; a report of “something else” says what', () => {
    expect(moderationReason.safeParse('  \u200b  ').success).toBe(false);
    expect(moderationReason.parse(' Stolen\u0007 livery ')).toBe('Stolen livery');
    expect(reportInput.safeParse({ reason: 'OTHER', text: 'bad' }).success).toBe(false);
    expect(reportInput.parse({ reason: 'OTHER', text: 'It shows a real brand logo' })).toEqual({
      reason: 'OTHER',
      text: 'It shows a real brand logo',
    });
    expect(reportInput.parse({ reason: 'SPAM' })).toEqual({ reason: 'SPAM', text: '' });
    expect(reportInput.safeParse({ reason: 'BORING' }).success).toBe(false);
  });
});
