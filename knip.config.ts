import type { KnipConfig } from 'knip';

// `npm run lint:unused`: files, dependencies and exports nothing uses. knip finds the entry points
// itself from package.json's scripts (the app, the CLIs, the bench), vite.config.ts (the web app),
// vitest.config.ts (every test tier) and codegen.ts; only what those do not name is listed here.
const config: KnipConfig = {
  entry: [
    // Started by path as a child process (tests/infra/embedded-postgres.int.spec.ts).
    'tests/support/embedded-postgres-child.ts',
    // Read by codegen (codegen.ts scans web/src for documents): the queries that spread a fragment
    // carry its text, so no module needs to import the fragment's own file.
    'web/src/**/*.fragment.ts',
  ],
  // Written by `npm run codegen`.
  ignore: ['web/src/shared/graphql/generated/**'],
  ignoreIssues: {
    // A fragment's graphql() constant is there for codegen and the build's document plugin: other
    // documents use the fragment by its name inside their text (`...PurchaseFields`), not by import.
    'web/src/**/*.{documents,fragment}.ts': ['exports'],
  },
  ignoreDependencies: [
    // The Node.js the npm scripts run on (node_modules/.bin/node).
    'node',
    // Loaded by name as pino's transport in development (infra/logger.ts).
    'pino-pretty',
  ],
  // An export also used in its own file is a module's public face, not dead code.
  ignoreExportsUsedInFile: true,
};

export default config;
