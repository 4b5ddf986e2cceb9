// Every test file runs once per database: on the embedded PGlite always, and on PostgreSQL as well
// when TEST_DATABASE_URL names a server (CI sets it). Each file gets a fresh database cloned from a
// migrated template (test/global-setup.ts), never a shared one.
import { defineConfig } from 'vitest/config';

const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: databases.map((db) => ({
      extends: true,
      test: {
        name: db,
        env: { HWA_TEST_DB: db },
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        globalSetup: ['test/global-setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
