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
        setupFiles: ['test/per-file.ts'],
        // One module graph per worker, not per file: importing the app (Fastify, drizzle, TypeBox, the
        // job types) cost ~1 s of CPU per file, 512 times per CI run; isolated, the suite spent more time
        // importing than testing. Files share no state: each makes its own app and clones its own
        // database, and no test mocks modules.
        isolate: false,
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
