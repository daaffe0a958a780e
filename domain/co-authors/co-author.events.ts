import type { OrderItemType } from '../orders/order.events';

/**
 * The authors of one skin or bundle: stream `co-authors-{skin|bundle}-{itemId}`, stream type
 * `co-authors`. The item's owner (its `author_id`) invites registered users as co-authors with a
 * share weight; an invitation counts for nothing until it is accepted. Every sale splits the item's
 * author share among the owner and the accepted co-authors by weight (author-share-split.ts), and
 * the order records the split, so a change here applies to later sales only.
 *
 * Times are ISO 8601 (UTC). No personal data: people are named by their user id only.
 */
export const CO_AUTHORS_STREAM_TYPE = 'co-authors';
export const coAuthorsStreamId = (itemType: OrderItemType, itemId: number) =>
  `co-authors-${itemType.toLowerCase()}-${itemId}`;

type ItemOf = { itemType: OrderItemType; itemId: number };

/** The owner invited a user as co-author with a weight (pending until they answer). */
export type CoAuthorInvited = {
  type: 'CoAuthorInvited';
  data: ItemOf & { ownerId: number; authorId: number; weight: number; invitedAt: string };
};

/** The invitee accepted: from now on later sales give them a part by their weight. */
export type CoAuthorAccepted = {
  type: 'CoAuthorAccepted';
  data: ItemOf & { authorId: number; weight: number; acceptedAt: string };
};

/** The invitee declined: the invitation is gone, nothing changed. */
export type CoAuthorDeclined = {
  type: 'CoAuthorDeclined';
  data: ItemOf & { authorId: number; declinedAt: string };
};

/** The owner set the weights: every author's (the owner's, accepted and invited co-authors'). */
export type CoAuthorWeightsChanged = {
  type: 'CoAuthorWeightsChanged';
  data: ItemOf & { weights: { authorId: number; weight: number }[]; changedAt: string };
};

/**
 * A co-author (or a pending invitation) ended: the owner removed them (`REMOVED`) or the co-author
 * left (`LEFT`). Sales already made keep their split.
 */
export type CoAuthorRemoved = {
  type: 'CoAuthorRemoved';
  data: ItemOf & { authorId: number; reason: 'REMOVED' | 'LEFT'; removedAt: string };
};

export type CoAuthorEvent =
  CoAuthorInvited | CoAuthorAccepted | CoAuthorDeclined | CoAuthorWeightsChanged | CoAuthorRemoved;
export type CoAuthorEventType = CoAuthorEvent['type'];

export const CO_AUTHOR_EVENT_TYPES: readonly CoAuthorEventType[] = [
  'CoAuthorInvited',
  'CoAuthorAccepted',
  'CoAuthorDeclined',
  'CoAuthorWeightsChanged',
  'CoAuthorRemoved',
];

export const coAuthorEventSchemaVersions: Record<CoAuthorEventType, number> = {
  CoAuthorInvited: 1,
  CoAuthorAccepted: 1,
  CoAuthorDeclined: 1,
  CoAuthorWeightsChanged: 1,
  CoAuthorRemoved: 1,
};
