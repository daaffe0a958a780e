import { DomainError } from '../errors';
import type { AuthorFollowed, AuthorUnfollowed } from './community.events';

export type FollowEvent = AuthorFollowed | AuthorUnfollowed;

/**
 * Follow or unfollow one author. `authorFollowable` is what the command handler found: the author
 * has a public author page (an account that is not a guest's and is not blocked).
 */
export type FollowCommand =
  | { kind: 'follow'; authorId: number; userId: number; authorFollowable: boolean; at: string }
  | { kind: 'unfollow'; authorId: number; userId: number; at: string };

export type FollowState = { following: boolean };
export const initialFollowState: FollowState = { following: false };

export function evolveFollow(_state: FollowState, event: FollowEvent): FollowState {
  return { following: event.type === 'AuthorFollowed' };
}

/**
 * Following an author already followed, or unfollowing one not followed, writes nothing; nobody
 * follows themself; only an author with a public page can be followed (unfollowing is always allowed,
 * also once the author is blocked).
 */
export function decideFollow(command: FollowCommand, state: FollowState): FollowEvent[] {
  const { authorId, userId, at } = command;
  if (command.kind === 'unfollow') {
    return state.following
      ? [{ type: 'AuthorUnfollowed', data: { authorId, userId, unfollowedAt: at } }]
      : [];
  }
  if (authorId === userId) throw new DomainError('BAD_USER_INPUT', 'You cannot follow yourself.', 'authorId');
  if (!command.authorFollowable) throw new DomainError('NOT_FOUND', 'There is no such author.');
  if (state.following) return [];
  return [{ type: 'AuthorFollowed', data: { authorId, userId, followedAt: at } }];
}

export const followDecider = {
  initialState: initialFollowState,
  decide: decideFollow,
  evolve: evolveFollow,
};
