import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // Two files at a time (Vitest's default on two cores is one, the cores minus one): on PostgreSQL a test
    // waits on the database's process much of the time, and each file copies its template database first.
    maxWorkers: 2,
    minWorkers: 1,
    // Files share a worker's module graph instead of importing the whole server again each (57 files): the
    // PGlite suite went from 1,021 to 573 s of CPU. Safe because each test builds its own app and database and
    // the server keeps no state in modules (no module-level caches, no mocks).
    isolate: false,
    globalSetup: ['src/test/template-setup.ts'],
    // Bounds against a hang, sized for a loaded machine (npm test runs the suites side by side): never speed tests.
    // Some tests build an app of their own (a database copy) inside the test, which a loaded machine makes slow.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
