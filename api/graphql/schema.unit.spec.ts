import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { printedSchema } from './schema';

describe('the GraphQL schema file the web app is typed from', () => {
  it('matches the schema the server runs (run `npm run codegen` after changing it)', async () => {
    expect(await fs.readFile('api/graphql/schema.graphql', 'utf8')).toBe(`${printedSchema()}\n`);
  });
});
