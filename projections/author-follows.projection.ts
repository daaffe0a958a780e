import { sql } from 'slonik';
import type { AuthorFollowed, AuthorUnfollowed } from '../domain/community/community.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

type FollowEvent = AuthorFollowed | AuthorUnfollowed;
const isFollowEvent = isEventOf<FollowEvent>(['AuthorFollowed', 'AuthorUnfollowed']);

/**
 * Who follows which author, in the follow's own transaction (the button and the follower count
 * show it at once). A follower count is a count of the author's rows (primary key index). One user's
 * follow of one author is one stream, which the feed gives in stream order: the batch is folded per
 * pair to its last event (a follow writes the row with the follow's decided time, an unfollow
 * deletes it), so any split of the feed into batches gives the same rows.
 */
export const authorFollowsProjection: RebuildableProjection = {
  name: 'author-follows',
  mode: 'inline',
  eventTypes: ['AuthorFollowed', 'AuthorUnfollowed'],
  tables: [{ name: 'author_follows' }],
  async apply(tx, events) {
    const last = new Map<string, FollowEvent>();
    for (const event of events.filter(isFollowEvent)) {
      last.set(`${event.data.authorId}-${event.data.userId}`, event);
    }
    const follows: { author_id: number; user_id: number; followed_at: string }[] = [];
    const unfollows: { author_id: number; user_id: number }[] = [];
    for (const event of last.values()) {
      const pair = { author_id: event.data.authorId, user_id: event.data.userId };
      if (event.type === 'AuthorFollowed') follows.push({ ...pair, followed_at: event.data.followedAt });
      else unfollows.push(pair);
    }
    if (unfollows.length > 0) {
      await tx.query(sql.unsafe`
        delete from author_follows f
        using json_to_recordset(${jsonRows(unfollows)}) as x(author_id bigint, user_id bigint)
        where f.author_id = x.author_id and f.user_id = x.user_id`);
    }
    if (follows.length > 0) {
      await tx.query(sql.unsafe`
        insert into author_follows (author_id, user_id, followed_at)
        select author_id, user_id, followed_at
        from json_to_recordset(${jsonRows(follows)}) as x(author_id bigint, user_id bigint, followed_at timestamptz)
        on conflict (author_id, user_id) do update set followed_at = excluded.followed_at`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate author_follows`);
  },
};
