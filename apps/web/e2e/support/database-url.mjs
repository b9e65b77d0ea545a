/**
 * The port of the test server a process talks to. Each Playwright worker has its own server and database
 * (playwright.config.ts starts one per worker from E2E_PORT up), so a worker adds its parallel index; a
 * server started by the config gets its own port in E2E_PORT and no index.
 */
export function e2ePort() {
  return Number(process.env.E2E_PORT ?? 3199) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** The browser tests' database: the DATABASE_URL server, one database per test server port. */
export function e2eDatabaseUrl(adminUrl, port = e2ePort()) {
  const url = new URL(adminUrl);
  url.pathname = `/backroom_e2e_${port}`;
  return url.toString();
}
