import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_PIN, DEMO_USERS } from './db/seed/accounts-users.seed';
import { warmFacetIndexes } from './domains/collections/facet-indexes';
import { warmDivisionLookups } from './domains/warehouse/division.service';

const started = performance.now();
const config = loadConfig();
const { app, deps, seed } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
// Scans should be fast from the first one: load the barcode directories once the server listens.
void warmDivisionLookups(deps).catch((error) =>
  app.log.warn({ err: error }, 'barcode directory warm-up failed'),
);
// The collections search's facet indexes are built in the background; searches meanwhile are answered by SQL.
void warmFacetIndexes(deps.db, app.log).catch((error) =>
  app.log.warn({ err: error }, 'collections search index warm-up failed'),
);

const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `Backroom is ready at ${url}  (database: ${deps.dbKind}${deps.dbKind === 'pglite' ? ` in ${config.dataDir}` : ''}, ${Math.round(performance.now() - started)} ms)`,
  `API docs: ${url}/api/docs`,
];
if (seed.firstAdmin) {
  lines.push('', 'First start without demo data. Sign in once with this password and change it:');
  lines.push(`  ${seed.firstAdmin.email}  /  ${seed.firstAdmin.password}`);
} else if (config.demoData) {
  lines.push('', `Demo logins (PIN ${DEMO_PIN} for each):`);
  for (const user of DEMO_USERS) lines.push(`  ${user.email.padEnd(28)} ${user.password}`);
}
console.log(lines.join('\n'));

// Close cleanly so PGlite flushes: a restarted server must find every committed row.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  });
}
