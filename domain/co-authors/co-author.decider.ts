import { DomainError } from '../errors';
import type { OrderItemType } from '../orders/order.events';
import type { CoAuthorEvent } from './co-author.events';

/** An item has at most this many authors, the owner and pending invitations included. */
export const MAX_AUTHORS = 5;
/** Weights are whole numbers in this range: enough for any split people ask for, small to read. */
export const MIN_WEIGHT = 1;
export const MAX_WEIGHT = 100;
/** The owner's weight until they change it: with an invitee at 1, an even split. */
export const DEFAULT_OWNER_WEIGHT = 1;

export const coAuthorMessages = {
  weight: `A weight is a whole number from ${MIN_WEIGHT} to ${MAX_WEIGHT}.`,
  self: 'You are already an author of this item.',
  noSuchUser: 'There is no registered user with this name.',
  already: 'This user is already a co-author of the item or has an open invitation.',
  tooMany: `An item has at most ${MAX_AUTHORS} authors, you included.`,
  noInvitation: 'There is no open invitation for you on this item.',
  everyAuthor: 'Give one weight for every author of the item, you included.',
  notMember: 'This user is not a co-author of the item.',
  notCoAuthor: 'You are not a co-author of this item.',
} as const;

export type CoAuthorStatus = 'INVITED' | 'ACCEPTED';
export type CoAuthorMember = { authorId: number; weight: number; status: CoAuthorStatus };

export type CoAuthorState = {
  /** Known from the first invitation; null while the stream is empty. */
  ownerId: number | null;
  ownerWeight: number;
  /** Co-authors and open invitations, in the order they were invited. */
  members: readonly CoAuthorMember[];
};

export const initialCoAuthorState: CoAuthorState = {
  ownerId: null,
  ownerWeight: DEFAULT_OWNER_WEIGHT,
  members: [],
};

type ItemOf = { itemType: OrderItemType; itemId: number; at: string };

/**
 * `invite`, `setWeights` and `remove` come from the item's owner (the handler checks the item's
 * `author_id`); `answer` and `leave` from the co-author themself (the handler passes the viewer).
 * `inviteeEligible`: the handler found a registered account by that name, not a guest, not blocked.
 */
export type CoAuthorCommand =
  | (ItemOf & { kind: 'invite'; ownerId: number; authorId: number; weight: number; inviteeEligible: boolean })
  | (ItemOf & { kind: 'answer'; authorId: number; accept: boolean })
  | (ItemOf & {
      kind: 'setWeights';
      ownerId: number;
      weights: readonly { authorId: number; weight: number }[];
    })
  | (ItemOf & { kind: 'remove'; authorId: number })
  | (ItemOf & { kind: 'leave'; authorId: number });

export function evolveCoAuthors(state: CoAuthorState, event: CoAuthorEvent): CoAuthorState {
  switch (event.type) {
    case 'CoAuthorInvited':
      return {
        ...state,
        ownerId: event.data.ownerId,
        members: [
          ...state.members,
          { authorId: event.data.authorId, weight: event.data.weight, status: 'INVITED' },
        ],
      };
    case 'CoAuthorAccepted':
      return {
        ...state,
        members: state.members.map((m) =>
          m.authorId === event.data.authorId ? { ...m, weight: event.data.weight, status: 'ACCEPTED' } : m,
        ),
      };
    case 'CoAuthorDeclined':
    case 'CoAuthorRemoved':
      return { ...state, members: state.members.filter((m) => m.authorId !== event.data.authorId) };
    case 'CoAuthorWeightsChanged': {
      const weightOf = new Map(event.data.weights.map((w) => [w.authorId, w.weight]));
      return {
        ...state,
        ownerWeight:
          state.ownerId === null ? state.ownerWeight : (weightOf.get(state.ownerId) ?? state.ownerWeight),
        members: state.members.map((m) => ({ ...m, weight: weightOf.get(m.authorId) ?? m.weight })),
      };
    }
  }
}

const validWeight = (weight: number) =>
  Number.isInteger(weight) && weight >= MIN_WEIGHT && weight <= MAX_WEIGHT;

/**
 * The rules: an invitation goes to another registered user, once, within the authors' limit; only
 * the invitee answers it, and until they accept it counts for nothing; the owner sets every
 * author's weight at once (a repeat of the current weights writes nothing) and removes a co-author
 * or withdraws an invitation; an accepted co-author may leave. The owner can never be removed.
 */
export function decideCoAuthors(command: CoAuthorCommand, state: CoAuthorState): CoAuthorEvent[] {
  const { itemType, itemId, at } = command;
  const member = (authorId: number) => state.members.find((m) => m.authorId === authorId);
  switch (command.kind) {
    case 'invite': {
      if (!validWeight(command.weight))
        throw new DomainError('BAD_USER_INPUT', coAuthorMessages.weight, 'weight');
      if (command.authorId === command.ownerId) {
        throw new DomainError('BAD_USER_INPUT', coAuthorMessages.self, 'username');
      }
      if (!command.inviteeEligible)
        throw new DomainError('NOT_FOUND', coAuthorMessages.noSuchUser, 'username');
      if (member(command.authorId)) throw new DomainError('CONFLICT', coAuthorMessages.already, 'username');
      if (state.members.length + 1 >= MAX_AUTHORS) {
        throw new DomainError('BAD_USER_INPUT', coAuthorMessages.tooMany, 'username');
      }
      return [
        {
          type: 'CoAuthorInvited',
          data: {
            itemType,
            itemId,
            ownerId: command.ownerId,
            authorId: command.authorId,
            weight: command.weight,
            invitedAt: at,
          },
        },
      ];
    }
    case 'answer': {
      const invited = member(command.authorId);
      if (!invited || invited.status !== 'INVITED') {
        throw new DomainError('NOT_FOUND', coAuthorMessages.noInvitation);
      }
      return command.accept
        ? [
            {
              type: 'CoAuthorAccepted',
              data: { itemType, itemId, authorId: command.authorId, weight: invited.weight, acceptedAt: at },
            },
          ]
        : [
            {
              type: 'CoAuthorDeclined',
              data: { itemType, itemId, authorId: command.authorId, declinedAt: at },
            },
          ];
    }
    case 'setWeights': {
      const given = new Map<number, number>();
      for (const { authorId, weight } of command.weights) {
        if (!validWeight(weight)) throw new DomainError('BAD_USER_INPUT', coAuthorMessages.weight, 'weights');
        if (given.has(authorId))
          throw new DomainError('BAD_USER_INPUT', coAuthorMessages.everyAuthor, 'weights');
        given.set(authorId, weight);
      }
      const authors = [command.ownerId, ...state.members.map((m) => m.authorId)];
      if (given.size !== authors.length || authors.some((id) => !given.has(id))) {
        throw new DomainError('BAD_USER_INPUT', coAuthorMessages.everyAuthor, 'weights');
      }
      const unchanged =
        given.get(command.ownerId) === state.ownerWeight &&
        state.members.every((m) => given.get(m.authorId) === m.weight);
      if (unchanged) return [];
      return [
        {
          type: 'CoAuthorWeightsChanged',
          data: {
            itemType,
            itemId,
            // Owner first, then the co-authors in the order they were invited.
            weights: authors.map((authorId) => ({ authorId, weight: given.get(authorId) ?? 0 })),
            changedAt: at,
          },
        },
      ];
    }
    case 'remove':
      if (!member(command.authorId)) throw new DomainError('NOT_FOUND', coAuthorMessages.notMember);
      return [
        {
          type: 'CoAuthorRemoved',
          data: { itemType, itemId, authorId: command.authorId, reason: 'REMOVED', removedAt: at },
        },
      ];
    case 'leave':
      if (member(command.authorId)?.status !== 'ACCEPTED') {
        throw new DomainError('NOT_FOUND', coAuthorMessages.notCoAuthor);
      }
      return [
        {
          type: 'CoAuthorRemoved',
          data: { itemType, itemId, authorId: command.authorId, reason: 'LEFT', removedAt: at },
        },
      ];
  }
}

/** The authors a sale splits among now: the owner and the accepted co-authors (none pending). */
export function acceptedAuthors(
  state: CoAuthorState,
  ownerId: number,
): { authorId: number; weight: number }[] {
  return [
    { authorId: ownerId, weight: state.ownerWeight },
    ...state.members
      .filter((m) => m.status === 'ACCEPTED')
      .map(({ authorId, weight }) => ({ authorId, weight })),
  ];
}

export const coAuthorDecider = {
  initialState: initialCoAuthorState,
  decide: decideCoAuthors,
  evolve: evolveCoAuthors,
};
