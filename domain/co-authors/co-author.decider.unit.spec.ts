import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import {
  acceptedAuthors,
  coAuthorDecider,
  coAuthorMessages,
  evolveCoAuthors,
  initialCoAuthorState,
  type CoAuthorCommand,
} from './co-author.decider';
import type { CoAuthorEvent } from './co-author.events';

const { given } = deciderSpec(coAuthorDecider);
const at = '2026-11-20T10:00:00.000Z';
const item = { itemType: 'SKIN' as const, itemId: 12 };
const OWNER = 3;
const invite = (authorId: number, weight = 1): CoAuthorCommand => ({
  kind: 'invite',
  ...item,
  ownerId: OWNER,
  authorId,
  weight,
  inviteeEligible: true,
  at,
});
const invited = (authorId: number, weight = 1): CoAuthorEvent => ({
  type: 'CoAuthorInvited',
  data: { ...item, ownerId: OWNER, authorId, weight, invitedAt: at },
});
const accepted = (authorId: number, weight = 1): CoAuthorEvent => ({
  type: 'CoAuthorAccepted',
  data: { ...item, authorId, weight, acceptedAt: at },
});
const answer = (authorId: number, accept: boolean): CoAuthorCommand => ({
  kind: 'answer',
  ...item,
  authorId,
  accept,
  at,
});
const setWeights = (weights: { authorId: number; weight: number }[]): CoAuthorCommand => ({
  kind: 'setWeights',
  ...item,
  ownerId: OWNER,
  weights,
  at,
});

describe('co-author decider', () => {
  it('the owner invites a registered user with a weight', () => {
    given([])
      .when(invite(7, 2))
      .then([invited(7, 2)]);
  });

  it('refuses inviting oneself, an unknown user, someone already invited, a bad weight', () => {
    given([])
      .when(invite(OWNER))
      .then(refused(DomainError, { code: 'BAD_USER_INPUT', message: coAuthorMessages.self }));
    given([])
      .when({ ...invite(7), inviteeEligible: false } as CoAuthorCommand)
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
    given([invited(7)])
      .when(invite(7))
      .then(refused(DomainError, { code: 'CONFLICT' }));
    given([invited(7), accepted(7)])
      .when(invite(7))
      .then(refused(DomainError, { code: 'CONFLICT' }));
    for (const weight of [0, -1, 1.5, 101]) {
      given([])
        .when(invite(7, weight))
        .then(refused(DomainError, { code: 'BAD_USER_INPUT', message: coAuthorMessages.weight }));
    }
  });

  it('an item has at most five authors, the owner and pending invitations counted', () => {
    const four = [invited(4), invited(5), invited(6), invited(7)];
    given(four)
      .when(invite(8))
      .then(refused(DomainError, { code: 'BAD_USER_INPUT', message: coAuthorMessages.tooMany }));
    given(four.slice(0, 3))
      .when(invite(8))
      .then([invited(8)]);
  });

  it('the invitee accepts (with the weight the invitation carries) or declines', () => {
    given([invited(7, 3)])
      .when(answer(7, true))
      .then([accepted(7, 3)]);
    given([invited(7)])
      .when(answer(7, false))
      .then([{ type: 'CoAuthorDeclined', data: { ...item, authorId: 7, declinedAt: at } }]);
  });

  it('only an open invitation can be answered: not someone else’s, not twice', () => {
    given([invited(7)])
      .when(answer(8, true))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
    given([invited(7), accepted(7)])
      .when(answer(7, true))
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
  });

  it('nothing changes before acceptance: a pending invitee is not among the authors a sale splits to', () => {
    const state = [invited(7, 5)].reduce(evolveCoAuthors, initialCoAuthorState);
    expect(acceptedAuthors(state, OWNER)).toEqual([{ authorId: OWNER, weight: 1 }]);
    const after = [invited(7, 5), accepted(7, 5)].reduce(evolveCoAuthors, initialCoAuthorState);
    expect(acceptedAuthors(after, OWNER)).toEqual([
      { authorId: OWNER, weight: 1 },
      { authorId: 7, weight: 5 },
    ]);
  });

  it('the owner sets every author’s weight at once; the same weights again write nothing', () => {
    const weights = [
      { authorId: OWNER, weight: 7 },
      { authorId: 7, weight: 3 },
    ];
    given([invited(7), accepted(7)])
      .when(setWeights([...weights].reverse()))
      .then([{ type: 'CoAuthorWeightsChanged', data: { ...item, weights, changedAt: at } }]);
    given([
      invited(7),
      accepted(7),
      { type: 'CoAuthorWeightsChanged', data: { ...item, weights, changedAt: at } },
    ])
      .when(setWeights(weights))
      .then([]);
  });

  it('refuses weights that leave out an author, name a stranger, repeat one or are out of range', () => {
    const history = [invited(7), accepted(7)];
    const refusal = refused(DomainError, { code: 'BAD_USER_INPUT', message: coAuthorMessages.everyAuthor });
    given(history)
      .when(setWeights([{ authorId: OWNER, weight: 2 }]))
      .then(refusal);
    given(history)
      .when(
        setWeights([
          { authorId: OWNER, weight: 2 },
          { authorId: 7, weight: 1 },
          { authorId: 8, weight: 1 },
        ]),
      )
      .then(refusal);
    given(history)
      .when(
        setWeights([
          { authorId: OWNER, weight: 2 },
          { authorId: OWNER, weight: 1 },
        ]),
      )
      .then(refusal);
    given(history)
      .when(
        setWeights([
          { authorId: OWNER, weight: 0 },
          { authorId: 7, weight: 1 },
        ]),
      )
      .then(refused(DomainError, { code: 'BAD_USER_INPUT', message: coAuthorMessages.weight }));
  });

  it('the owner removes a co-author or withdraws an invitation; a co-author leaves', () => {
    const removed = (reason: 'REMOVED' | 'LEFT'): CoAuthorEvent => ({
      type: 'CoAuthorRemoved',
      data: { ...item, authorId: 7, reason, removedAt: at },
    });
    given([invited(7), accepted(7)])
      .when({ kind: 'remove', ...item, authorId: 7, at })
      .then([removed('REMOVED')]);
    given([invited(7)])
      .when({ kind: 'remove', ...item, authorId: 7, at })
      .then([removed('REMOVED')]);
    given([invited(7), accepted(7)])
      .when({ kind: 'leave', ...item, authorId: 7, at })
      .then([removed('LEFT')]);
  });

  it('refuses removing a stranger and leaving without having accepted', () => {
    given([])
      .when({ kind: 'remove', ...item, authorId: 7, at })
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
    given([invited(7)])
      .when({ kind: 'leave', ...item, authorId: 7, at })
      .then(refused(DomainError, { code: 'NOT_FOUND' }));
  });

  it('after leaving, the co-author can be invited again', () => {
    given([
      invited(7),
      accepted(7),
      { type: 'CoAuthorRemoved', data: { ...item, authorId: 7, reason: 'LEFT', removedAt: at } },
    ])
      .when(invite(7, 4))
      .then([invited(7, 4)]);
  });
});
