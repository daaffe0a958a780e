import { describe, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import { wishDecider, type WishCommand, type WishEvent, type WishedItemFacts } from './wish.decider';

const { given } = deciderSpec(wishDecider);
const at = '2026-11-20T10:00:00.000Z';
const listedSkin: WishedItemFacts = { listed: true, authorId: 9, owned: false };
const wish = (
  item: WishedItemFacts | null = listedSkin,
  itemType: 'SKIN' | 'BUNDLE' = 'SKIN',
): WishCommand => ({
  kind: 'wish',
  userId: 3,
  itemType,
  itemId: 12,
  item,
  at,
});
const unwish: WishCommand = { kind: 'unwish', userId: 3, itemType: 'SKIN', itemId: 12, at };
const wished: WishEvent = {
  type: 'ItemWished',
  data: { userId: 3, itemType: 'SKIN', itemId: 12, wishedAt: at },
};
const unwished: WishEvent = {
  type: 'ItemUnwished',
  data: { userId: 3, itemType: 'SKIN', itemId: 12, unwishedAt: at },
};

describe('wish decider', () => {
  it('a first wish is recorded', () => {
    given([]).when(wish()).then([wished]);
  });

  it('wishing twice writes nothing', () => {
    given([wished]).when(wish()).then([]);
  });

  it('unwishing removes the wish; unwishing what is not wished writes nothing', () => {
    given([wished]).when(unwish).then([unwished]);
    given([]).when(unwish).then([]);
    given([wished, unwished]).when(unwish).then([]);
  });

  it('only listed items can be wished', () => {
    given([])
      .when(wish({ ...listedSkin, listed: false }))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
    given([])
      .when(wish(null))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
  });

  it('refuses an item the user already owns', () => {
    given([])
      .when(wish({ ...listedSkin, owned: true }))
      .then(refused(DomainError, { code: 'BAD_USER_INPUT', message: 'You already own this skin.' }));
    given([])
      .when(wish({ ...listedSkin, owned: true }, 'BUNDLE'))
      .then(refused(DomainError, { message: 'You already own this bundle.' }));
  });

  it("refuses the user's own item", () => {
    given([])
      .when(wish({ ...listedSkin, authorId: 3 }))
      .then(refused(DomainError, { message: 'This is your own skin.' }));
  });

  it('an item that is no longer listed can still be unwished', () => {
    given([wished]).when(unwish).then([unwished]);
  });
});
