import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
/**
 * The suite waits on the product far more than it computes (a whole run used about a fifth of one core), so
 * two workers halve it. Each worker has its own server and database (ports E2E_PORT, E2E_PORT + 1, …; see
 * e2e/support/database-url.mjs), so one spec's data never meets another's running at the same time.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built product, started by
 * e2e/serve.mjs on a fresh PostgreSQL database so the tests can check what the database then holds.
 */
export default defineConfig({
  testDir: 'e2e',
  // Bounds against a hang, never a measure of speed (that is `npm run bench`'s): sized so the suite stays green on
  // a loaded machine (npm test runs the API suites beside it; issue 20 §3). A passing test never waits them out.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'on',
    // A failed test keeps its trace: each action's DOM snapshot (the page as it was, in the trace viewer) and
    // the test's source. Not its screencast: recording one for every test, to throw away on a pass, took a
    // third of the suite's CPU (printers.spec: 17.7 s → 12.3 s); the final screenshot above still shows a failure.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node e2e/serve.mjs',
    url: `http://localhost:${port + index}/api/health`,
    reuseExistingServer: false,
    // Start-up migrates and seeds a fresh PostgreSQL database: seconds on an idle machine, minutes on a loaded
    // one (npm test runs the API suites beside it). A bound, not a speed test.
    timeout: 300_000,
    env: { E2E_PORT: String(port + index) },
    stdout: 'pipe' as const,
  })),
});
