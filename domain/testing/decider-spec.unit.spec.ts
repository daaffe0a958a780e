import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from './decider-spec';

type Counted = { type: 'Counted'; data: { by: number } };
const counter = {
  initialState: 0,
  evolve: (total: number, event: Counted) => total + event.data.by,
  decide(command: { add: number }, total: number): Counted[] {
    if (command.add <= 0) throw new DomainError('BAD_USER_INPUT', 'Add a positive amount.', 'add');
    if (total + command.add > 10) throw new RangeError('over ten');
    return [{ type: 'Counted', data: { by: command.add } }];
  },
};
const { given, stateAfter } = deciderSpec(counter);
const counted = (by: number): Counted => ({ type: 'Counted', data: { by } });

describe('decider spec helper', () => {
  it('folds the history, decides and compares the new events', () => {
    expect(stateAfter([counted(2), counted(3)])).toBe(5);
    expect(
      given([counted(2)])
        .when({ add: 3 })
        .then([counted(3)]),
    ).toEqual([counted(3)]);
  });

  it('fails when the events differ', () => {
    expect(() =>
      given([])
        .when({ add: 3 })
        .then([counted(4)]),
    ).toThrow();
    expect(() => given([]).when({ add: 3 }).then([])).toThrow();
  });

  it('returns the expected refusal, and fails on another error, other fields or an accepted command', () => {
    const refusal = given([])
      .when({ add: 0 })
      .then(refused(DomainError, { code: 'BAD_USER_INPUT' }));
    expect(refusal.field).toBe('add');
    expect(() =>
      given([])
        .when({ add: 0 })
        .then(refused(DomainError, { code: 'FORBIDDEN' })),
    ).toThrow();
    expect(() =>
      given([counted(9)])
        .when({ add: 2 })
        .then(refused(DomainError)),
    ).toThrow();
    expect(() => given([]).when({ add: 1 }).then(refused(DomainError))).toThrow(/refusal was expected/);
  });
});
