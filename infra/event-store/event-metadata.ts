import { z } from 'zod';

/**
 * Who caused an event:
 * - a signed-in person: `{ userId, role? }`;
 * - a guest buyer (checkout without an account session): `{ guestEmail }`, the email the order
 *   records as its buyer's;
 * - a system: `{ system }` (`scheduler`, `stripe`, `payout-allocation`, ...);
 * - an anonymous visitor: `{ anonymous: true }`, only for the event types listed in
 *   `ANONYMOUS_EVENT_TYPES` (a download by a visitor), and filled in by the store when such an
 *   event comes without an actor.
 */
export const eventActorSchema = z.union([
  z.strictObject({ userId: z.number().int().positive(), role: z.string().min(1).max(40).optional() }),
  z.strictObject({ guestEmail: z.string().min(3).max(320).includes('@') }),
  z.strictObject({ system: z.string().min(1).max(80) }),
  z.strictObject({ anonymous: z.literal(true) }),
]);

const traceId = z.string().min(1).max(200);

/**
 * Metadata an append must carry on every event. `correlationId` names the work that started it
 * (a request's id; for a job, one id per run; for a reactor, the causing event's correlation);
 * `causationId` the event that caused it (a reactor's input event) and, when absent, is the
 * correlation itself: the request or job run caused the event directly.
 */
export const eventMetadataSchema = z.strictObject({
  actor: eventActorSchema.optional(),
  correlationId: traceId,
  causationId: traceId.optional(),
});
export type EventMetadata = z.input<typeof eventMetadataSchema>;

/**
 * The correlation id of everything the demo seeding records (app/demo/): the mail reactors skip
 * it, so none of the made-up buyers and authors is mailed. It lives here, below both, because the
 * reactors may not import the seeding.
 */
export const DEMO_SEED_CORRELATION_ID = 'demo-seed';

/** Event types a visitor without an account may cause: they may come without an actor. */
export const ANONYMOUS_EVENT_TYPES: ReadonlySet<string> = new Set(['SkinDownloaded']);

/** Metadata as recorded: every field is set (older events may lack some, hence the loose reading type). */
export type RecordedMetadata = {
  actor?: { userId?: number; role?: string; guestEmail?: string; system?: string; anonymous?: boolean };
  correlationId?: string;
  causationId?: string;
};

/** Metadata that does not follow the rules: a programming error of the caller. */
export class InvalidEventMetadataError extends Error {
  override name = 'InvalidEventMetadataError';
}

/** Validates an event's metadata and returns it as recorded: with its actor and causation. */
export function recordedMetadata(eventType: string, metadata: unknown): Required<EventMetadata> {
  const parsed = eventMetadataSchema.safeParse(metadata ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'metadata'}: ${issue.message}`,
    );
    throw new InvalidEventMetadataError(`Invalid metadata for ${eventType}: ${problems.join('; ')}.`);
  }
  const { actor, correlationId, causationId } = parsed.data;
  if (!actor && !ANONYMOUS_EVENT_TYPES.has(eventType)) {
    throw new InvalidEventMetadataError(`Invalid metadata for ${eventType}: actor: required.`);
  }
  if (actor && 'anonymous' in actor && !ANONYMOUS_EVENT_TYPES.has(eventType)) {
    throw new InvalidEventMetadataError(
      `Invalid metadata for ${eventType}: an anonymous actor is not allowed.`,
    );
  }
  return { actor: actor ?? { anonymous: true }, correlationId, causationId: causationId ?? correlationId };
}
