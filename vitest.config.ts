import { defineConfig } from 'vitest/config'

const api = ['apps/server/src/**/*.api.test.ts']

/**
 * unit: plain functions, no database. api-pglite and api-postgres: the same API tests,
 * each file against a freshly migrated database of that kind.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts'],
          exclude: [...api, '**/node_modules/**', 'apps/web/build/**'],
          environment: 'node',
        },
      },
      { test: { name: 'api-pglite', include: api, env: { TEST_DB: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'api-postgres', include: api, env: { TEST_DB: 'postgres' }, testTimeout: 30_000, hookTimeout: 60_000 } },
    ],
  },
})
