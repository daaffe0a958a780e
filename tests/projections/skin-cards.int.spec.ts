import fc from 'fast-check';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertResource, insertSkin } from '../../api/catalogue/catalogue.writes';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
let authors: number[];

beforeAll(async () => {
  db = await createTestDatabase();
  authors = [
    ...(await db.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
    insert into users (url, username, email, country)
    select 'card-author-' || n, 'card_author_' || n, 'card' || n || '@example.com', 'cz'
    from generate_series(1, 3) n returning id`)),
  ];
});
afterAll(async () => {
  await db.drop();
});

const cards = sql.type(z.object({ card: z.string() }))`
  select row_to_json(c)::text as card from skin_cards c order by skin_id`;
const counts = sql.type(z.object({ game: z.string(), listed: z.number(), visible: z.number() }))`
  select game, listed::int, visible::int from skin_card_counts where listed <> 0 or visible <> 0 order by game`;

class RebuiltSnapshot extends Error {
  constructor(readonly result: { cards: readonly unknown[]; counts: readonly unknown[] }) {
    super('rebuilt, rolled back');
  }
}

/** What the cards and counts would be if built now from their sources (rolled back afterwards). */
async function rebuilt() {
  try {
    await db.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`delete from skin_cards`);
      await tx.query(sql.unsafe`delete from skin_card_counts`);
      await tx.query(sql.unsafe`select refresh_skin_cards(array(select id from skins))`);
      throw new RebuiltSnapshot({ cards: await tx.any(cards), counts: await tx.any(counts) });
    });
  } catch (error) {
    if (error instanceof RebuiltSnapshot) return error.result;
    throw error;
  }
  throw new Error('unreachable');
}

const change = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    game: fc.constantFrom('TM2020', 'TMNF', 'TM2'),
    price: fc.constantFrom(0, 250, 1999),
    author: fc.nat(2),
  }),
  fc.record({ kind: fc.constant('hide' as const), pick: fc.nat(), hidden: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('game' as const),
    pick: fc.nat(),
    game: fc.constantFrom('TM2020', 'TMNF', 'TM_TURBO'),
  }),
  fc.record({
    kind: fc.constant('image' as const),
    pick: fc.nat(),
    position: fc.integer({ min: -1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('reorder' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('rename' as const),
    author: fc.nat(2),
    name: fc.stringMatching(/^[a-z]{4,10}$/),
  }),
  fc.record({ kind: fc.constant('stats' as const), pick: fc.nat(), votes: fc.nat(5), downloads: fc.nat(50) }),
);

async function apply(step: typeof change extends fc.Arbitrary<infer T> ? T : never, n: number) {
  const pool = db.pool;
  const ids = await pool.anyFirst(sql.type(z.object({ id: z.number() }))`select id from skins order by id`);
  const pick = (index: number) => ids[index % Math.max(ids.length, 1)];
  switch (step.kind) {
    case 'create': {
      const skin = await insertSkin(pool, {
        authorId: authors[step.author]!,
        title: `Card skin ${n}`,
        description: 'For the card test',
        game: step.game,
        priceCents: step.price,
      });
      await insertResource(pool, { skinId: skin.id, type: 'IMAGE', filename: `card-${n}.jpg`, position: 0 });
      return;
    }
    case 'hide':
      if (ids.length)
        await pool.query(
          sql.unsafe`update skins set published = ${!step.hidden} where id = ${pick(step.pick)!}`,
        );
      return;
    case 'delete':
      if (ids.length)
        await pool.query(sql.unsafe`update skins set deleted_at = now() where id = ${pick(step.pick)!}`);
      return;
    case 'game':
      if (ids.length)
        await pool.query(sql.unsafe`update skins set game = ${step.game} where id = ${pick(step.pick)!}`);
      return;
    case 'image':
      if (ids.length) {
        await insertResource(pool, {
          skinId: pick(step.pick)!,
          type: 'IMAGE',
          filename: `card-extra-${n}.jpg`,
          position: step.position,
        });
      }
      return;
    case 'reorder':
      if (ids.length) {
        await pool.query(sql.unsafe`
          delete from resources where id = (select id from resources where skin_id = ${pick(step.pick)!} and type = 'IMAGE' order by position, id limit 1)`);
      }
      return;
    case 'rename':
      await pool.query(
        sql.unsafe`update users set username = ${`${step.name}_${n}`}, country = 'de' where id = ${authors[step.author]!}`,
      );
      return;
    case 'stats':
      if (ids.length) {
        await pool.query(sql.unsafe`
          insert into skin_stats (skin_id, rating_sum, rating_count, downloads_total, downloads_unique)
          values (${pick(step.pick)!}, ${step.votes * 4}, ${step.votes}, ${step.downloads}, ${Math.floor(step.downloads / 2)})
          on conflict (skin_id) do update set rating_sum = skin_stats.rating_sum + excluded.rating_sum,
            rating_count = skin_stats.rating_count + excluded.rating_count,
            downloads_total = skin_stats.downloads_total + excluded.downloads_total,
            downloads_unique = skin_stats.downloads_unique + excluded.downloads_unique`);
      }
      return;
  }
}

describe('skin cards (the skins list read model)', () => {
  it('kept change by change, equal what a rebuild from skins, authors, images and counters gives', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) await apply(step, n++);
        const live = { cards: await db.pool.any(cards), counts: await db.pool.any(counts) };
        expect(live).toEqual(await rebuilt());
      }),
      { numRuns: 25 },
    );
    // The runs did create, hide and delete skins: the comparison was not between empty tables.
    expect((await db.pool.any(cards)).length).toBeGreaterThan(5);
  });
});
