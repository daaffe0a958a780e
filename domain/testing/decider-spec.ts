import { expect } from 'vitest';

/** A decider as the command handler runs it: pure `decide` and `evolve`, and a start state. */
export type DeciderUnderTest<Command, State, Event> = {
  initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
};

/** An expected refusal: the error's class and, optionally, fields it must have (`reason`, `code`). */
export type Refusal<Failure extends Error> = {
  refusal: abstract new (...args: never[]) => Failure;
  matching?: Partial<Record<keyof Failure, unknown>>;
};

/** Expects the command to be refused with this error class (and these fields). */
export function refused<Failure extends Error>(
  refusal: abstract new (...args: never[]) => Failure,
  matching?: Partial<Record<keyof Failure, unknown>>,
): Refusal<Failure> {
  return matching ? { refusal, matching } : { refusal };
}

/**
 * Given/when/then for deciders: `given(events)` folds the history into the state,
 * `when(command)` decides, `then(events)` expects exactly these new events, `then(refused(...))`
 * expects a refusal. Both return what they checked (the events, or the error) for further checks.
 *
 *   const { given } = deciderSpec(orderDecider);
 *   given([placed]).when(openSession()).then([sessionOpened]);
 *   given([]).when(place({ items: [] })).then(refused(OrderRefused, { reason: 'EMPTY_ORDER' }));
 */
export function deciderSpec<Command, State, Event>(decider: DeciderUnderTest<Command, State, Event>) {
  const stateAfter = (events: readonly Event[]) => events.reduce(decider.evolve, decider.initialState);
  function given(history: readonly Event[]) {
    const state = stateAfter(history);
    return {
      state,
      when(command: Command) {
        const decide = () => decider.decide(command, state);
        function then(expected: readonly Event[]): Event[];
        function then<Failure extends Error>(expected: Refusal<Failure>): Failure;
        function then<Failure extends Error>(
          expected: readonly Event[] | Refusal<Failure>,
        ): Event[] | Failure {
          if (isRefusal(expected)) {
            let failure: unknown = undefined;
            let decided: Event[] | undefined;
            try {
              decided = decide();
            } catch (error) {
              failure = error;
            }
            expect(decided, 'the command was accepted, a refusal was expected').toBeUndefined();
            expect(failure).toBeInstanceOf(expected.refusal);
            if (expected.matching) expect(failure).toMatchObject(expected.matching);
            return failure as Failure;
          }
          const decided = decide();
          expect(decided).toEqual(expected);
          return decided;
        }
        return {
          then,
          /** The decided events, for tests that check parts of them. */
          events: decide,
        };
      },
    };
  }
  return { given, stateAfter };
}

function isRefusal<Failure extends Error>(expected: unknown): expected is Refusal<Failure> {
  return typeof expected === 'object' && expected !== null && 'refusal' in expected;
}
