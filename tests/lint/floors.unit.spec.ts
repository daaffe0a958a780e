import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The floors of eslint.config.js, bottom to top: domain/ ← infra/ ← projections/ ← api/ ← app/.
// Each case lints one planted file with the project's own configuration, as `npm test` does.
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the floors rule for `source` as the file at `file` (it need not exist). */
async function floorErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

/** A file that imports `specifier` and uses it, so only the floors rule can object. */
const importing = (specifier: string) =>
  `import type * as Imported from '${specifier}';\nexport type Used = typeof Imported;\n`;

describe('the floors lint rule', () => {
  it.each([
    ['infra/planted.ts', '../api/app-context', 'infra/ holds adapters only'],
    ['infra/db/planted.ts', '../../projections/orders.projection', 'infra/ holds adapters only'],
    ['infra/event-store/planted.ts', '../../app/app', 'infra/ holds adapters only'],
    ['infra/planted.ts', '../web/src/shared/graphql/generated/graphql', 'infra/ holds adapters only'],
    ['projections/planted.ts', '../app/app', 'projections/ must not import api/, app/ or web/'],
    ['projections/planted.ts', '../api/app-context', 'projections/ must not import api/, app/ or web/'],
    ['api/orders/planted.ts', '../../app/jobs/periodic-job', 'api/ must not import app/ or web/'],
    ['api/planted.ts', '../web/src/shared/graphql/generated/graphql', 'api/ must not import app/ or web/'],
    ['domain/orders/planted.ts', '../../app/app', 'domain/ must stay free of I/O and outer layers'],
    ['domain/planted.ts', '../infra/config', 'domain/ must stay free of I/O and outer layers'],
  ])('refuses %s importing %s', async (file, specifier, reason) => {
    const errors = await floorErrors(file, importing(specifier));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(reason);
  });

  it.each([
    ['infra/planted.ts', '../domain/fees'],
    ['projections/planted.ts', '../infra/projection-engine/projection'],
    ['api/orders/planted.ts', '../../projections/orders.projection'],
    ['api/orders/planted.ts', '../../infra/event-store/command-handler'],
    ['app/planted.ts', '../api/app-context'],
    ['app/jobs/planted.ts', '../../projections/orders.projection'],
  ])('lets %s import %s, a floor below', async (file, specifier) => {
    const [result] = await eslint.lintText(importing(specifier), { filePath: path.join(root, file) });
    expect(result?.messages).toEqual([]);
  });
});
