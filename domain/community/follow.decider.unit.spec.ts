import { describe, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import { followDecider, type FollowCommand, type FollowEvent } from './follow.decider';

const { given } = deciderSpec(followDecider);
const at = '2026-11-20T10:00:00.000Z';
const follow = (overrides: Partial<Extract<FollowCommand, { kind: 'follow' }>> = {}): FollowCommand => ({
  kind: 'follow',
  authorId: 7,
  userId: 3,
  authorFollowable: true,
  at,
  ...overrides,
});
const unfollow: FollowCommand = { kind: 'unfollow', authorId: 7, userId: 3, at };
const followed: FollowEvent = { type: 'AuthorFollowed', data: { authorId: 7, userId: 3, followedAt: at } };
const unfollowed: FollowEvent = {
  type: 'AuthorUnfollowed',
  data: { authorId: 7, userId: 3, unfollowedAt: at },
};

describe('follow decider', () => {
  it('a first follow is recorded', () => {
    given([]).when(follow()).then([followed]);
  });

  it('following an author already followed writes nothing', () => {
    given([followed]).when(follow()).then([]);
  });

  it('following again after an unfollow is recorded', () => {
    given([followed, unfollowed]).when(follow()).then([followed]);
  });

  it('unfollowing a followed author is recorded', () => {
    given([followed]).when(unfollow).then([unfollowed]);
  });

  it('unfollowing when not following writes nothing', () => {
    given([]).when(unfollow).then([]);
    given([followed, unfollowed]).when(unfollow).then([]);
  });

  it('nobody follows themself', () => {
    given([])
      .when(follow({ authorId: 3 }))
      .then(refused(DomainError, { code: 'BAD_USER_INPUT', message: 'You cannot follow yourself.' }));
  });

  it('refuses an author without a public page (unknown, a guest or blocked)', () => {
    given([])
      .when(follow({ authorFollowable: false }))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
  });

  it('unfollowing a blocked author is still allowed', () => {
    given([followed]).when(unfollow).then([unfollowed]);
  });
});
