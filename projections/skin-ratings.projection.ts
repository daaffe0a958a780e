import { sql } from 'slonik';
import type { SkinRated } from '../domain/ratings/rating.decider';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

const isVote = isEventOf<SkinRated>(['SkinRated']);

/**
 * Votes and each skin's rating sum and count, in the vote's own transaction so the voter sees the
 * new average at once. Applies the change each event records (rating − previous rating), so the
 * sums do not depend on the order of the events. A user's votes on a skin share one stream, which
 * the feed gives in stream order: within a batch the vote given last wins (never the one with the
 * latest recorded time, which is the transaction's start and may be earlier for a later vote), and
 * a later batch overwrites an earlier one, so any split of the feed into batches gives the same rows.
 */
export const skinRatingsProjection: RebuildableProjection = {
  name: 'skin-ratings',
  mode: 'inline',
  eventTypes: ['SkinRated'],
  // skin_stats is shared with the download counters: a rebuild writes only the rating columns.
  tables: [{ name: 'skin_ratings' }, { name: 'skin_stats', columns: ['rating_sum', 'rating_count'] }],
  async apply(tx, events) {
    const rows = events.filter(isVote).map(({ data, recordedAt }, feedOrder) => ({
      feed_order: feedOrder,
      skin_id: data.skinId,
      user_id: data.userId,
      rating: data.rating,
      previous: data.previousRating,
      rated_at: recordedAt.toISOString(),
      verified: data.verified ?? false,
    }));
    // skin_stats first: its row, then the skin's card (through the cards' triggers), in the order
    // the download projection takes them; the votes' own trigger (trending scores, migration 036)
    // then finds the card already locked, so a vote and a download batch never wait on each other
    // in a circle.
    await tx.query(sql.unsafe`
      insert into skin_stats (skin_id, rating_sum, rating_count)
      select skin_id, sum(rating - coalesce(previous, 0)), count(*) filter (where previous is null)
      from jsonb_to_recordset(${sql.jsonb(rows)}) as x(skin_id bigint, rating int, previous int)
      group by skin_id
      on conflict (skin_id) do update set
        rating_sum = skin_stats.rating_sum + excluded.rating_sum,
        rating_count = skin_stats.rating_count + excluded.rating_count`);
    await tx.query(sql.unsafe`
      insert into skin_ratings (skin_id, user_id, rating, rated_at, verified)
      select distinct on (skin_id, user_id) skin_id, user_id, rating, rated_at, verified
      from jsonb_to_recordset(${sql.jsonb(rows)}) as x(feed_order int, skin_id bigint, user_id bigint, rating smallint, rated_at timestamptz, verified boolean)
      order by skin_id, user_id, feed_order desc
      on conflict (skin_id, user_id) do update set rating = excluded.rating, rated_at = excluded.rated_at,
        verified = excluded.verified`);
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate skin_ratings`);
    await tx.query(sql.unsafe`update skin_stats set rating_sum = 0, rating_count = 0`);
  },
};
