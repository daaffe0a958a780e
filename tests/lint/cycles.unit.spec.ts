import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The import rules of eslint.config.js, run on planted code through ESLint's own API: a circle, an
// import of another API feature's internals and a shared module that imports a feature each fail,
// and the same imports done the allowed way pass.

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
// Planted inside the repository, so that the repository's configuration and resolver apply.
const planted = path.join(root, 'tests/lint', `planted-${randomUUID()}`);
// The first lint loads the configuration and the TypeScript resolver, and no-cycle walks every module
// an import reaches: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

async function ruleIdsOf(filePath: string, code?: string): Promise<string[]> {
  const [result] =
    code === undefined
      ? await eslint.lintFiles([filePath])
      : await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

beforeAll(async () => {
  await fs.mkdir(planted, { recursive: true });
  const write = (name: string, text: string) => fs.writeFile(path.join(planted, name), text);
  await write('circle-a.ts', "import { b } from './circle-b';\n\nexport const a = () => b + 1;\n");
  await write('circle-b.ts', "import { a } from './circle-a';\n\nexport const b = 2;\nexport const c = a;\n");
  await write('line-a.ts', "import { b } from './line-b';\n\nexport const a = b + 1;\n");
  await write('line-b.ts', 'export const b = 2;\n');
});

afterAll(async () => {
  await fs.rm(planted, { recursive: true, force: true });
});

describe('import-x/no-cycle', () => {
  it('fails a two-file circle, on both of its files', async () => {
    expect(await ruleIdsOf(path.join(planted, 'circle-a.ts'))).toContain('import-x/no-cycle');
    expect(await ruleIdsOf(path.join(planted, 'circle-b.ts'))).toContain('import-x/no-cycle');
  });

  it('passes imports in one direction', async () => {
    expect(await ruleIdsOf(path.join(planted, 'line-a.ts'))).toEqual([]);
    expect(await ruleIdsOf(path.join(planted, 'line-b.ts'))).toEqual([]);
  });
});

describe('import-x/no-restricted-paths', () => {
  it("fails an API feature that imports another feature's internal module", async () => {
    // skin-file-cache.ts is catalogue's own (app-context.ts wires it; no feature imports it).
    const code =
      "import { SkinFileCache } from '../catalogue/skin-file-cache';\n\nexport const cache = SkinFileCache;\n";
    expect(await ruleIdsOf('api/orders/planted-internal.ts', code)).toEqual(['import-x/no-restricted-paths']);
  });

  it("passes an API feature that imports another feature's public face", async () => {
    const code = [
      "import { skinsByIds } from '../catalogue/skins.repository';",
      "import { skinOf } from '../catalogue/catalogue.resolvers';",
      "import { requireViewer } from '../auth/viewer';",
      "import { pageRequest } from '../graphql/paging';",
      "import { paidDownloadAccess } from '../orders/paid-download-access';",
      '',
      'export const used = [skinsByIds, skinOf, requireViewer, pageRequest, paidDownloadAccess];',
      '',
    ].join('\n');
    expect(await ruleIdsOf('api/moderation/planted-public.ts', code)).toEqual([]);
  });

  it('passes a feature that imports its own internal modules', async () => {
    const code =
      "import { SkinFileCache } from './skin-file-cache';\n\nexport const cache = SkinFileCache;\n";
    expect(await ruleIdsOf('api/catalogue/planted-own.ts', code)).toEqual([]);
  });

  it('fails web/src/shared importing a web feature', async () => {
    // Any module of any feature will do: the first one found (features move between folders).
    const featuresFolder = path.join(root, 'web/src/features');
    const featureModules = (await fs.readdir(featuresFolder, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.includes('.spec.'),
    );
    const target = path.join(featuresFolder, featureModules.sort()[0]!);
    const specifier = path.relative(path.join(root, 'web/src/shared/ui'), target).replace(/\.ts$/, '');
    const code = `import * as feature from '${specifier}';\n\nexport const used = feature;\n`;
    expect(await ruleIdsOf('web/src/shared/ui/planted-feature-import.ts', code)).toContain(
      'import-x/no-restricted-paths',
    );
  });
});
