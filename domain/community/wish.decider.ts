import { DomainError } from '../errors';
import type { ItemType, ItemUnwished, ItemWished } from './community.events';

export type WishEvent = ItemWished | ItemUnwished;

/** What the command handler found about the item when the user asked to wish for it. */
export type WishedItemFacts = {
  /** Listed: published, not taken down, not deleted, its author not blocked. */
  listed: boolean;
  authorId: number;
  /** The user owns it already (bought and paid, or a bundle containing the skin). */
  owned: boolean;
};

export type WishCommand =
  | {
      kind: 'wish';
      userId: number;
      itemType: ItemType;
      itemId: number;
      item: WishedItemFacts | null;
      at: string;
    }
  | { kind: 'unwish'; userId: number; itemType: ItemType; itemId: number; at: string };

export type WishState = { wished: boolean };
export const initialWishState: WishState = { wished: false };

export function evolveWish(_state: WishState, event: WishEvent): WishState {
  return { wished: event.type === 'ItemWished' };
}

const noun = (itemType: ItemType) => (itemType === 'SKIN' ? 'skin' : 'bundle');

/**
 * Wishing twice writes nothing, nor does unwishing what is not wished. Only a listed item can be
 * wished, never one's own nor one already owned. Unwishing is always allowed (also once the item
 * is no longer listed).
 */
export function decideWish(command: WishCommand, state: WishState): WishEvent[] {
  const { userId, itemType, itemId, at } = command;
  if (command.kind === 'unwish') {
    return state.wished ? [{ type: 'ItemUnwished', data: { userId, itemType, itemId, unwishedAt: at } }] : [];
  }
  const item = command.item;
  if (!item || !item.listed) {
    throw new DomainError('NOT_FOUND', `This ${noun(itemType)} does not exist or is hidden.`);
  }
  if (item.authorId === userId) {
    throw new DomainError('BAD_USER_INPUT', `This is your own ${noun(itemType)}.`, 'itemId');
  }
  if (item.owned)
    throw new DomainError('BAD_USER_INPUT', `You already own this ${noun(itemType)}.`, 'itemId');
  if (state.wished) return [];
  return [{ type: 'ItemWished', data: { userId, itemType, itemId, wishedAt: at } }];
}

export const wishDecider = {
  initialState: initialWishState,
  decide: decideWish,
  evolve: evolveWish,
};
