import { authorFollowStreamId } from '../../domain/community/community.events';
import { followDecider, type FollowEvent } from '../../domain/community/follow.decider';
import type { Backdated } from '../../infra/event-store/backdating';
import { handleCommand, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { findAuthor } from '../catalogue/authors.repository';

const followStream: StreamKind<FollowEvent> = {
  streamType: 'author-follow',
  schemaVersions: { AuthorFollowed: 1, AuthorUnfollowed: 1 },
};

type Deps = Pick<AppContext, 'pool' | 'store' | 'now'>;
type Options = { metadata: EventMetadata; occurredAt?: Backdated };

/** The decided time: the back-dated one for loaded history, else now. */
const timeOf = (deps: Deps, occurredAt?: Backdated) => (occurredAt ?? deps.now()).toISOString();

/**
 * followAuthor / unfollowAuthor: the user's follow stream of the author, decided and appended (the
 * inline projection updates `author_follows` in the same transaction). A follow needs the author's
 * public page (findAuthor: not a guest, not blocked). Returns whether the user follows afterwards.
 */
export async function setFollowing(
  deps: Deps,
  command: { authorId: number; userId: number; follow: boolean } & Options,
): Promise<boolean> {
  const { authorId, userId, metadata, occurredAt } = command;
  const at = timeOf(deps, occurredAt);
  const authorFollowable =
    command.follow && authorId !== userId
      ? (await findAuthor(deps.pool, { id: authorId }, { includeBlocked: false })) !== null
      : false;
  const result = await handleCommand(
    deps,
    { streamId: authorFollowStreamId(authorId, userId), kind: followStream, decider: followDecider },
    command.follow
      ? { kind: 'follow', authorId, userId, authorFollowable, at }
      : { kind: 'unfollow', authorId, userId, at },
    { metadata, ...(occurredAt ? { occurredAt } : {}) },
  );
  return result.state.following;
}
