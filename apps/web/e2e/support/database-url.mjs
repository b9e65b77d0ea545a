/** The browser tests' database: the DATABASE_URL server, database backroom_e2e. */
export function e2eDatabaseUrl(adminUrl) {
  const url = new URL(adminUrl);
  url.pathname = '/backroom_e2e';
  return url.toString();
}
