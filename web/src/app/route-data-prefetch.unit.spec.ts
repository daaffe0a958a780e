import { Client, makeResult } from 'urql';
import type { Exchange, Operation } from 'urql';
import { map, pipe } from 'wonka';
import { describe, expect, it } from 'vitest';
import { prefetchRouteData } from './route-data-prefetch';

/** A client whose every query is answered at once with empty data, keeping what was asked. */
function recordingClient(): { client: Client; asked: Operation[] } {
  const asked: Operation[] = [];
  const answer: Exchange = () => (operations$) =>
    pipe(
      operations$,
      map((operation) => {
        if (operation.kind === 'query') asked.push(operation);
        return makeResult(operation, { data: {} });
      }),
    );
  return { client: new Client({ url: 'http://localhost/graphql', exchanges: [answer] }), asked };
}

/** The operation's own name (its fragments follow it in the document). */
const nameOf = (operation: Operation) => {
  const [definition] = operation.query.definitions;
  return definition && 'name' in definition ? definition.name?.value : undefined;
};

describe('prefetchRouteData', () => {
  it("asks a skin's, a bundle's and an author's page query with the address's (decoded) url", async () => {
    const { client, asked } = recordingClient();
    await prefetchRouteData(client, '/skins/blue%20flame', '');
    await prefetchRouteData(client, '/bundles/neon-pack', '');
    await prefetchRouteData(client, '/authors/wiatr', '');
    expect(asked.map((operation) => [nameOf(operation), operation.variables])).toEqual([
      ['SkinDetail', { url: 'blue flame' }],
      ['BundleDetail', { url: 'neon-pack' }],
      ['AuthorDetail', { url: 'wiatr' }],
    ]);
  });

  it('asks the skins list with the variables the page reads from the address', async () => {
    const { client, asked } = recordingClient();
    await prefetchRouteData(client, '/skins', '?t=all&p=2');
    expect(nameOf(asked[0]!)).toBe('SkinsList');
    expect(asked[0]!.variables).toMatchObject({ type: null, page: { page: 1, size: 15 } });
  });

  it('asks nothing for other pages or a malformed address', () => {
    const { client, asked } = recordingClient();
    expect(prefetchRouteData(client, '/', '')).toBeNull();
    expect(prefetchRouteData(client, '/bundles/success', '')).toBeNull();
    expect(prefetchRouteData(client, '/skins/%E0%A4%A', '')).toBeNull();
    expect(asked).toEqual([]);
  });
});
