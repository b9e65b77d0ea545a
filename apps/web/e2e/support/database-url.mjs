/** The browser tests' database: the DATABASE_URL server, one database per test server port. */
export function e2eDatabaseUrl(adminUrl, port = process.env.E2E_PORT ?? '3199') {
  const url = new URL(adminUrl);
  url.pathname = `/backroom_e2e_${port}`;
  return url.toString();
}
