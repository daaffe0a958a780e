import type { CodegenConfig } from '@graphql-codegen/cli';

// Types for the web app's GraphQL documents, generated from the server's schema (npm run codegen).
const config: CodegenConfig = {
  schema: 'api/graphql/schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/**/*.spec.{ts,tsx}', '!web/src/shared/graphql/generated/**'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/shared/graphql/generated/': {
      preset: 'client',
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { Long: 'number' } },
      presetConfig: { fragmentMasking: false },
    },
  },
};
export default config;
