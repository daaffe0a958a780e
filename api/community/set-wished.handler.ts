import { wishStreamId, type ItemType } from '../../domain/community/community.events';
import { wishDecider, type WishEvent } from '../../domain/community/wish.decider';
import type { Backdated } from '../../infra/event-store/backdating';
import { handleCommand, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { wishedItemFacts } from './follows-wishlists.repository';

const wishStream: StreamKind<WishEvent> = {
  streamType: 'wish',
  schemaVersions: { ItemWished: 1, ItemUnwished: 1 },
};

type Deps = Pick<AppContext, 'pool' | 'store' | 'now'>;
type Options = { metadata: EventMetadata; occurredAt?: Backdated };

/** The decided time: the back-dated one for loaded history, else now. */
const timeOf = (deps: Deps, occurredAt?: Backdated) => (occurredAt ?? deps.now()).toISOString();

/**
 * wishItem / unwishItem: the user's wish stream of the item. A wish needs a listed item that is
 * not the user's own and that the user does not own yet. Returns whether the item is wished afterwards.
 */
export async function setWished(
  deps: Deps,
  command: { userId: number; itemType: ItemType; itemId: number; wish: boolean } & Options,
): Promise<boolean> {
  const { userId, itemType, itemId, metadata, occurredAt } = command;
  const at = timeOf(deps, occurredAt);
  const item = command.wish ? await wishedItemFacts(deps.pool, userId, itemType, itemId) : null;
  const result = await handleCommand(
    deps,
    { streamId: wishStreamId(userId, itemType, itemId), kind: wishStream, decider: wishDecider },
    command.wish
      ? { kind: 'wish', userId, itemType, itemId, item, at }
      : { kind: 'unwish', userId, itemType, itemId, at },
    { metadata, ...(occurredAt ? { occurredAt } : {}) },
  );
  return result.state.wished;
}
