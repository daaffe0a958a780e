import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { int4Array, int8Array, textArray, uuidArray } from '../../infra/db/binary-arrays';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 2 });
});
afterAll(async () => {
  await db.drop();
});

/** The elements as the server read them, as text (null stays null), in order. */
const elements = (array: ReturnType<typeof sql.fragment>) =>
  db.pool.anyFirst(sql.type(z.object({ value: z.string().nullable() }))`
    select value::text as value from unnest(${array}) with ordinality as a(value, n) order by n`);

describe('arrays sent in binary', () => {
  it('reach the server as the text literals of sql.array do', async () => {
    const uuids = [
      '6f1c2e3a-0b4d-4e5f-8a9b-0c1d2e3f4a5b',
      'FFFFFFFF-ffff-FFFF-ffff-000000000000',
      null,
      '00000000-0000-0000-0000-000000000000',
    ];
    const texts = [
      '',
      'plain',
      'with "quotes", {braces}, commas',
      'back\\slash',
      'NULL',
      null,
      'é 日本 🏎️',
      ' ',
    ];
    const int4s = [0, -1, 2_147_483_647, -2_147_483_648, null, 42];
    const int8s = [0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, null, 4_294_967_296, -4_294_967_297];
    expect(await elements(uuidArray(uuids))).toEqual(
      await elements(sql.fragment`${sql.array(uuids, 'uuid')}::uuid[]`),
    );
    expect(await elements(uuidArray(uuids))).toEqual(uuids.map((uuid) => uuid?.toLowerCase() ?? null));
    expect(await elements(textArray(texts))).toEqual(texts);
    expect(await elements(int4Array(int4s))).toEqual(int4s.map((n) => (n === null ? null : String(n))));
    expect(await elements(int8Array(int8s))).toEqual(int8s.map((n) => (n === null ? null : String(n))));
    for (const empty of [uuidArray([]), textArray([]), int4Array([]), int8Array([])]) {
      expect(await elements(empty)).toEqual([]);
    }
  });

  it('fill a table through unnest as the text literals do', async () => {
    await db.pool.query(sql.unsafe`create table binary_rows (id uuid, name text, amount int)`);
    const ids = Array.from(
      { length: 500 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const names = ids.map((_, i) => (i % 7 === 0 ? null : `name ${i} ü`));
    const amounts = ids.map((_, i) => (i % 5 === 0 ? null : i * 1000 - 250_000));
    await db.pool.query(sql.unsafe`
      insert into binary_rows select * from unnest(${uuidArray(ids)}, ${textArray(names)}, ${int4Array(amounts)})`);
    await db.pool.query(sql.unsafe`
      insert into binary_rows select * from unnest(
        ${sql.array(ids, 'uuid')}::uuid[], ${sql.array(names, 'text')}::text[], ${sql.array(amounts, 'int4')}::int4[])`);
    const differing = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from (
        select id, name, amount, count(*) from binary_rows group by 1, 2, 3 having count(*) <> 2) d`);
    expect(differing).toBe(0);
  });

  it('refuse values the type cannot hold, as the server would', () => {
    for (const notUuid of [
      '6f1c2e3a0b4d4e5f8a9b0c1d2e3f4a5b',
      '6f1c2e3a-0b4d-4e5f-8a9b-0c1d2e3f4a5g',
      '{6f1c2e3a-0b4d-4e5f-8a9b-0c1d2e3f4a5}',
      '6f1c2e3a-0b4d-4e5f-8a9b-0c1d2e3f4a5٣',
    ]) {
      expect(() => uuidArray([notUuid])).toThrow(TypeError);
    }
    for (const notInt4 of [2_147_483_648, -2_147_483_649, 1.5, Number.NaN]) {
      expect(() => int4Array([notInt4])).toThrow(RangeError);
    }
    expect(() => int8Array([Number.MAX_SAFE_INTEGER + 1])).toThrow(RangeError);
  });
});
