import { defineConfig } from 'vitest/config';

// Tiers run alone with `vitest run --project <tier>`; `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{domain,projections,api,infra,app,web,tests}/**/*.{unit,property}.spec.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['tests/**/*.int.spec.ts'],
          globalSetup: ['tests/support/database.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.spec.ts'],
          globalSetup: ['tests/support/app.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
