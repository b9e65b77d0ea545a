import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { loadSecret } from './db/secret';
import { type SeedResult, seedDatabase } from './db/seed';
import type { AppDeps } from './deps';
import { adminRoutes } from './domains/admin/admin.routes';
import { deleteExpiredSessions } from './domains/auth/auth.repository';
import { authRoutes } from './domains/auth/auth.routes';
import { AuthCache } from './domains/auth/auth-cache';
import { LoginLimiter } from './domains/auth/login-limiter';
import { catalogueRoutes } from './domains/catalogue/catalogue.routes';
import { healthRoutes } from './domains/health/health.routes';
import { mediaRoutes } from './domains/media/media.routes';
import { firstPartyRoutes } from './domains/orders/first-party.routes';
import { orderRoutes } from './domains/orders/orders.routes';
import { BuiltinPrintServer } from './domains/printing/builtin-print-server';
import { printAgentRoutes } from './domains/printing/print-agent.routes';
import { PrintSignals } from './domains/printing/print-signals';
import { printingRoutes } from './domains/printing/printing.routes';
import { returnRoutes } from './domains/returns/returns.routes';
import { DivisionLookupCache } from './domains/warehouse/division-lookup-cache';
import { warehouseRoutes } from './domains/warehouse/warehouse.routes';
import { registerAccountRefs } from './http/account-refs';
import { type RegisteredRoute, registerAuthGuard } from './http/auth-guard';
import { registerEnvelope } from './http/envelope';
import { createResponseSerializerCompiler } from './http/response-serializer';
import { createMailer } from './integrations/mail/mailer';
import { LocalFileStorage } from './integrations/storage/local-storage';

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  routes: RegisteredRoute[];
  seed: SeedResult;
  builtinPrintServer: BuiltinPrintServer;
}

/** Builds the whole server on an open database. Tests call this; main.ts adds listening and signals. */
export async function buildApp(config: Config, database?: Database): Promise<BuiltApp> {
  const db =
    database ??
    (await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
    }));
  const storage = new LocalFileStorage(config.filesDir);
  const seed = await seedDatabase(db.db, {
    demoData: config.demoData,
    passwordHashing: config.passwordHashing,
    storage,
  });
  // Expired sessions are refused anyway; dropping them at start keeps the table small.
  await deleteExpiredSessions(db.db);
  const deps: AppDeps = {
    config,
    db: db.db,
    dbKind: db.kind,
    secret: await loadSecret(db.db, config.secret),
    authCache: new AuthCache(),
    loginLimiter: new LoginLimiter({ maxPerUser: 5, maxPerAddress: 30, windowMs: 15 * 60_000 }),
    printSignals: new PrintSignals(),
    divisionLookups: new DivisionLookupCache(),
    mailer: createMailer(config),
  };
  const builtinPrintServer = new BuiltinPrintServer(deps, config.printsDir);

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One line per request only when debugging; errors are always logged with their request id.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    trustProxy: true,
    bodyLimit: 5 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // 'id' keys in URLs are numeric in the specs; route params are coerced by zod.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.verifyResponses }));
  app.addHook('onClose', async () => {
    await builtinPrintServer.stop();
    await db.close();
  });

  const routes: RegisteredRoute[] = [];
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Backroom API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  if (config.webDistDir && existsSync(config.webDistDir)) {
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: ['index.html'] });
  }
  registerAuthGuard(app, deps, routes);
  registerAccountRefs(app, deps);
  registerEnvelope(app, config.webDistDir);

  healthRoutes(app, deps);
  authRoutes(app, deps);
  adminRoutes(app, deps);
  warehouseRoutes(app, deps);
  printingRoutes(app, deps);
  printAgentRoutes(app, deps);
  catalogueRoutes(app, deps);
  orderRoutes(app, deps);
  returnRoutes(app, deps);
  firstPartyRoutes(app, deps);
  await mediaRoutes(app, deps, storage);

  await app.ready();
  builtinPrintServer.start();
  return { app, deps, routes, seed, builtinPrintServer };
}
