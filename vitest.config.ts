import os from 'node:os'
import { defineConfig } from 'vitest/config'

const api = ['apps/server/src/**/*.api.test.ts']

/**
 * unit: plain functions, no database. api-pglite and api-postgres: the same API tests, each file against
 * its own copy of a database the global set-up migrated once (apps/server/src/test/template-database.ts).
 * The API files share their workers' module cache (isolate: false): each builds its app from a fresh
 * database and keeps no state in modules, and loading the server and PGlite once per worker instead of
 * once per file is most of the time these suites take.
 */
const apiProject = (name: string, db: 'pglite' | 'postgres', exclude: string[] = []) => ({
  test: {
    name,
    include: api,
    exclude: ['**/node_modules/**', ...exclude],
    env: { TEST_DB: db },
    globalSetup: ['apps/server/src/test/template-database.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    // Vitest's default (one less than the cores) is a single worker on a two-core machine, which then waits on
    // PostgreSQL with a core idle; two workers finish the API suites in about half the time there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts'],
          exclude: [...api, '**/node_modules/**', 'apps/web/build/**'],
          environment: 'node',
        },
      },
      // The generated-input suites (apps/server/src/test/robustness) send thousands of bad requests to check that each is
      // refused and changes nothing; the paths they reach are the module suites', which run on both. They run once, on
      // PostgreSQL (decision 036).
      apiProject('api-pglite', 'pglite', ['apps/server/src/test/robustness/**']),
      apiProject('api-postgres', 'postgres'),
    ],
  },
})
