import { Factory } from 'single-user-cache';
import { describe, expect, it } from 'vitest';
import { namedForLoaders } from './loader-key';

const card = (id: number) =>
  namedForLoaders(
    { id, title: `Skin ${id}`, description: 'x'.repeat(2_000), card: { author: { id: 1, username: 'a' } } },
    `skin:${id}`,
  );

describe('parent objects named for Mercurius loaders', () => {
  it('keeps the fields as they were', () => {
    const skin = card(7);
    expect(Object.keys(skin)).toEqual(['id', 'title', 'description', 'card']);
    expect({ ...skin }).toEqual({
      id: 7,
      title: 'Skin 7',
      description: 'x'.repeat(2_000),
      card: { author: { id: 1, username: 'a' } },
    });
  });

  it('gives the loader cache (as Mercurius keys it) one load per skin and arguments, by its short name', async () => {
    const calls: { obj: { id: number }; params: unknown }[][] = [];
    // As Mercurius adds its loaders: the cache keys each call by safe-stable-stringify of { obj, params }.
    const factory = new Factory().add(
      'Skin-author',
      {},
      async (queries: { obj: { id: number }; params: unknown }[]) => {
        calls.push(queries);
        return queries.map((query) => `author of ${query.obj.id}`);
      },
    );
    const cache = factory.create({}) as unknown as Record<string, (query: unknown) => Promise<string>>;
    const load = cache['Skin-author']!.bind(cache);
    const answers = await Promise.all([
      load({ obj: card(1), params: {} }),
      load({ obj: card(2), params: {} }),
      load({ obj: card(1), params: {} }),
      load({ obj: card(1), params: { size: 2 } }),
    ]);
    expect(answers).toEqual(['author of 1', 'author of 2', 'author of 1', 'author of 1']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.map((query) => [query.obj.id, query.params])).toEqual([
      [1, {}],
      [2, {}],
      [1, { size: 2 }],
    ]);
    // Written out as its name, not the 2,000 characters of the card.
    expect(JSON.stringify({ obj: card(1), params: {} })).toBe('{"obj":"skin:1","params":{}}');
  });
});
