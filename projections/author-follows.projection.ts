import { sql } from 'slonik';
import type { AuthorFollowed, AuthorUnfollowed } from '../domain/community/community.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

type FollowEvent = AuthorFollowed | AuthorUnfollowed;
const isFollowEvent = isEventOf<FollowEvent>(['AuthorFollowed', 'AuthorUnfollowed']);

/**
 * Who follows which author, and each author's follower count, in the follow's own transaction (the
 * button and the count show it at once). One user's follow of one author is one stream, which the
 * feed gives in stream order: the batch is folded per pair to its last event (a follow writes the
 * row with the follow's decided time, an unfollow deletes it), so any split of the feed into
 * batches gives the same rows. A count moves by the pairs whose membership the batch changes (read
 * before the write), and an author whose count falls to 0 has no count row, so the counts equal
 * the rows whatever the split.
 */
export const authorFollowsProjection: RebuildableProjection = {
  name: 'author-follows',
  mode: 'inline',
  eventTypes: ['AuthorFollowed', 'AuthorUnfollowed'],
  tables: [{ name: 'author_follows' }, { name: 'author_follower_counts' }],
  async apply(tx, events) {
    const last = new Map<string, FollowEvent>();
    for (const event of events.filter(isFollowEvent)) {
      last.set(`${event.data.authorId}-${event.data.userId}`, event);
    }
    if (last.size === 0) return;
    const follows: { author_id: number; user_id: number; followed_at: string }[] = [];
    const unfollows: { author_id: number; user_id: number }[] = [];
    for (const event of last.values()) {
      const pair = { author_id: event.data.authorId, user_id: event.data.userId };
      if (event.type === 'AuthorFollowed') follows.push({ ...pair, followed_at: event.data.followedAt });
      else unfollows.push(pair);
    }
    // The change of each author's count: new follows minus ended ones, against the rows before the batch.
    const pairs = [
      ...follows.map((f) => ({ ...f, follow: true })),
      ...unfollows.map((u) => ({ ...u, follow: false })),
    ];
    await tx.query(sql.unsafe`
      with batch as (
        select author_id, user_id, follow
        from json_to_recordset(${jsonRows(pairs)}) as x(author_id bigint, user_id bigint, follow boolean)
      ),
      changes as (
        select b.author_id,
               count(*) filter (where b.follow and f.author_id is null)
                 - count(*) filter (where not b.follow and f.author_id is not null) as delta
        from batch b
        left join author_follows f on f.author_id = b.author_id and f.user_id = b.user_id
        group by b.author_id
      ),
      moved as (
        insert into author_follower_counts as c (author_id, followers)
        select author_id, delta from changes where delta > 0
        on conflict (author_id) do update set followers = c.followers + excluded.followers
        returning author_id
      )
      update author_follower_counts c set followers = c.followers + changes.delta
      from changes where changes.author_id = c.author_id and changes.delta < 0`);
    await tx.query(sql.unsafe`
      delete from author_follower_counts
      where author_id = any(${sql.array([...new Set(pairs.map((p) => p.author_id))], 'int8')}) and followers <= 0`);
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
    await tx.query(sql.unsafe`truncate author_follows, author_follower_counts`);
  },
};
