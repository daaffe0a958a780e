import { sql } from 'slonik';
import { z } from 'zod';
import {
  decideRating,
  evolveRating,
  initialRatingState,
  ratingStreamId,
  type RateSkin,
  type RatingEvent,
  type RatingState,
} from '../../domain/ratings/rating.decider';
import { DomainError } from '../../domain/errors';
import type { Backdated } from '../../infra/event-store/backdating';
import { handleCommand, type Decider, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata, EventStore } from '../../infra/event-store/event-store';
import type { DatabasePool } from '../../infra/db/pool';
import { verifiedReviewer } from './verified-reviews';

const ratingStream: StreamKind<RatingEvent> = { streamType: 'skin-rating', schemaVersions: { SkinRated: 1 } };
const ratingDecider: Decider<RateSkin, RatingState, RatingEvent> = {
  initialState: initialRatingState,
  decide: decideRating,
  evolve: evolveRating,
};

/**
 * rateSkin: load the user's vote stream, decide, append (the inline projection updates the
 * average in the same transaction). A concurrent vote by the same user surfaces as CONFLICT (one
 * attempt: the voter sees their vote was overtaken).
 */
export async function rateSkin(
  deps: { pool: DatabasePool; store: EventStore },
  command: {
    skinId: number;
    userId: number;
    rating: number;
    metadata: EventMetadata;
    /** When the vote was cast, for votes loaded after the fact (the demo's history); now by default. */
    occurredAt?: Backdated;
  },
): Promise<void> {
  // Whether the voter owns or downloaded the skin is recorded with the vote (verified reviews).
  const skin = await deps.pool.maybeOne(sql.type(z.object({ author_id: z.number(), verified: z.boolean() }))`
    select author_id, ${verifiedReviewer(command.userId, sql.fragment`skins.id`)} as verified
    from skins where id = ${command.skinId} and listed`);
  if (!skin) throw new DomainError('NOT_FOUND', 'This skin does not exist or is hidden.');
  const { metadata, occurredAt, ...rest } = command;
  const vote = { ...rest, verified: skin.verified };
  await handleCommand(
    deps,
    { streamId: ratingStreamId(vote.skinId, vote.userId), kind: ratingStream, decider: ratingDecider },
    { ...vote, skinAuthorId: skin.author_id },
    { metadata, maxAttempts: 1, ...(occurredAt ? { occurredAt } : {}) },
  );
}
