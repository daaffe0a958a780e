import { sql } from 'slonik';
import { z } from 'zod';
import {
  decideRating,
  evolveRating,
  initialRatingState,
  ratingStreamId,
  type RatingEvent,
} from '../../domain/ratings/rating.decider';
import { DomainError } from '../../domain/errors';
import type { EventMetadata, EventStore } from '../../infra/event-store/event-store';
import type { DatabasePool } from '../../infra/db/pool';

/**
 * rateSkin: load the user's vote stream, decide, append (the inline projection updates the
 * average in the same transaction). A concurrent vote by the same user surfaces as CONFLICT.
 */
export async function rateSkin(
  deps: { pool: DatabasePool; store: EventStore },
  command: {
    skinId: number;
    userId: number;
    rating: number;
    metadata?: EventMetadata;
    /** When the vote was cast, for votes loaded after the fact (the demo's history); now by default. */
    occurredAt?: Date;
  },
): Promise<void> {
  const skin = await deps.pool.maybeOne(sql.type(z.object({ author_id: z.number() }))`
    select author_id from skins where id = ${command.skinId} and published and deleted_at is null`);
  if (!skin) throw new DomainError('NOT_FOUND', 'This skin does not exist or is hidden.');
  const streamId = ratingStreamId(command.skinId, command.userId);
  await deps.pool.transaction(async (tx) => {
    const { version, events } = await deps.store.readStream(tx, streamId);
    const state = (events as unknown as RatingEvent[]).reduce(evolveRating, initialRatingState);
    const decided = decideRating({ ...command, skinAuthorId: skin.author_id }, state);
    await deps.store.append(tx, {
      streamId,
      streamType: 'skin-rating',
      expectedVersion: version,
      events: decided.map((event) => ({
        ...event,
        metadata: command.metadata ?? {},
        ...(command.occurredAt ? { occurredAt: command.occurredAt } : {}),
      })),
    });
  });
}
