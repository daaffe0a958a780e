import { startTransition } from 'react';
import type { Exchange } from 'urql';
import { make, onEnd, pipe, subscribe } from 'wonka';

/**
 * Hands each answer to the screens inside a React transition. An answer re-renders whole lists of
 * cards; as a transition React renders them in slices between which the browser can take input,
 * instead of one long task that blocks the page while a phone renders.
 */
export const transitionExchange: Exchange =
  ({ forward }) =>
  (operations$) =>
    make((observer) => {
      const { unsubscribe } = pipe(
        forward(operations$),
        onEnd(() => observer.complete()),
        subscribe((result) => startTransition(() => observer.next(result))),
      );
      return unsubscribe;
    });
