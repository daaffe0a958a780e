import {
  coAuthorDecider,
  type CoAuthorCommand,
  type CoAuthorState,
} from '../../domain/co-authors/co-author.decider';
import {
  CO_AUTHORS_STREAM_TYPE,
  coAuthorEventSchemaVersions,
  coAuthorsStreamId,
  type CoAuthorEvent,
} from '../../domain/co-authors/co-author.events';
import { DomainError } from '../../domain/errors';
import type { OrderItemType } from '../../domain/orders/order.events';
import type { Backdated } from '../../infra/event-store/backdating';
import { handleCommand, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { findInvitableUser, findItem, type CoAuthoredItemRow } from './co-authors.repository';

const coAuthorsStream: StreamKind<CoAuthorEvent> = {
  streamType: CO_AUTHORS_STREAM_TYPE,
  schemaVersions: coAuthorEventSchemaVersions,
};

type Deps = Pick<AppContext, 'pool' | 'store' | 'now'>;
type Item = { itemType: OrderItemType; itemId: number };
type Options = { metadata: EventMetadata; occurredAt?: Backdated };

/** What a viewer asks of an item's co-authors; the handler adds who the owner is and who is invited. */
export type CoAuthorRequest =
  | { kind: 'invite'; username: string; weight: number }
  | { kind: 'answer'; accept: boolean }
  | { kind: 'setWeights'; weights: readonly { authorId: number; weight: number }[] }
  | { kind: 'remove'; authorId: number }
  | { kind: 'leave' };

const itemWord = (itemType: OrderItemType) => (itemType === 'SKIN' ? 'skin' : 'bundle');

/** The item, refused as NOT_FOUND when it does not exist (or was deleted). */
export async function existingItem(deps: Pick<Deps, 'pool'>, item: Item): Promise<CoAuthoredItemRow> {
  const found = await findItem(deps.pool, item.itemType, item.itemId);
  if (!found) throw new DomainError('NOT_FOUND', `This ${itemWord(item.itemType)} does not exist.`);
  return found;
}

/**
 * Runs one co-author command on the item's stream (the inline projection updates `item_authors`
 * in the same transaction). Inviting, setting weights and removing are the owner's alone: the split
 * of an author's money is theirs to choose, so not even an admin does it for them. Answering and
 * leaving are the co-author's own (the decider checks they were invited or accepted).
 */
export async function runCoAuthorCommand(
  deps: Deps,
  viewerId: number,
  item: Item,
  request: CoAuthorRequest,
  options: Options,
): Promise<CoAuthorState> {
  const found = await existingItem(deps, item);
  const at = (options.occurredAt ?? deps.now()).toISOString();
  const base = { itemType: item.itemType, itemId: item.itemId, at };
  const ownerOnly = request.kind === 'invite' || request.kind === 'setWeights' || request.kind === 'remove';
  if (ownerOnly && found.author_id !== viewerId) {
    throw new DomainError(
      'FORBIDDEN',
      `Only the owner of this ${itemWord(item.itemType)} manages its co-authors.`,
    );
  }
  let command: CoAuthorCommand;
  switch (request.kind) {
    case 'invite': {
      const inviteeId = await findInvitableUser(deps.pool, request.username.trim());
      command = {
        ...base,
        kind: 'invite',
        ownerId: found.author_id,
        authorId: inviteeId ?? 0,
        weight: request.weight,
        inviteeEligible: inviteeId !== null,
      };
      break;
    }
    case 'answer':
      command = { ...base, kind: 'answer', authorId: viewerId, accept: request.accept };
      break;
    case 'setWeights':
      command = { ...base, kind: 'setWeights', ownerId: found.author_id, weights: request.weights };
      break;
    case 'remove':
      command = { ...base, kind: 'remove', authorId: request.authorId };
      break;
    case 'leave':
      command = { ...base, kind: 'leave', authorId: viewerId };
      break;
  }
  const result = await handleCommand(
    deps,
    {
      streamId: coAuthorsStreamId(item.itemType, item.itemId),
      kind: coAuthorsStream,
      decider: coAuthorDecider,
    },
    command,
    { metadata: options.metadata, ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}) },
  );
  return result.state;
}
