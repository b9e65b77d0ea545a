import { existsSync } from 'node:fs';
import { fail } from '@backroom/shared';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { openClusterEvents } from './db/cluster-events';
import { withStartupLock } from './db/cluster-locks';
import { loadSecret } from './db/secret';
import { type SeedResult, seedDatabase } from './db/seed';
import type { AppDeps } from './deps';
import { adminRoutes } from './domains/admin/admin.routes';
import { deleteExpiredSessions } from './domains/auth/auth.repository';
import { authRoutes } from './domains/auth/auth.routes';
import { AuthCache } from './domains/auth/auth-cache';
import { LoginLimiter } from './domains/auth/login-limiter';
import { catalogueRoutes } from './domains/catalogue/catalogue.routes';
import { collectionRoutes } from './domains/collections/collections.routes';
import { stopFacetIndexBuilds } from './domains/collections/facet-indexes';
import { searchkitProxyRoutes } from './domains/collections/searchkit-proxy.routes';
import { healthRoutes } from './domains/health/health.routes';
import { homeRoutes } from './domains/home/home.routes';
import { mediaRoutes } from './domains/media/media.routes';
import { customerRoutes } from './domains/orders/customers.routes';
import { firstPartyDiscountRoutes, firstPartyRoutes } from './domains/orders/first-party.routes';
import { orderConfirmationRoutes } from './domains/orders/order-confirmation.routes';
import { orderPaymentRoutes } from './domains/orders/order-payments.routes';
import { orderReferenceRoutes } from './domains/orders/order-references.routes';
import { orderShipmentRoutes } from './domains/orders/order-shipments.routes';
import { orderUnitRoutes } from './domains/orders/order-units.routes';
import { orderRoutes } from './domains/orders/orders.routes';
import { pricingReportRoutes } from './domains/pricing/pricing-report.routes';
import { BuiltinPrintServer } from './domains/printing/builtin-print-server';
import { printAgentRoutes } from './domains/printing/print-agent.routes';
import { PrintSignals } from './domains/printing/print-signals';
import { printingRoutes } from './domains/printing/printing.routes';
import { returnAppealRoutes } from './domains/returns/return-appeals.routes';
import { returnLabelRoutes } from './domains/returns/return-labels.routes';
import { returnNoteRoutes } from './domains/returns/return-notes.routes';
import { returnPaymentRoutes } from './domains/returns/return-payments.routes';
import { returnRefundRoutes } from './domains/returns/return-refund.routes';
import { returnRoutes } from './domains/returns/returns.routes';
import { returnsSearchRoutes } from './domains/returns/returns-search.routes';
import { createCarriers } from './domains/shipping/carriers';
import { labelPrintRoutes } from './domains/shipping/label-print.routes';
import { oneOffShipmentRoutes } from './domains/shipping/one-off-shipments.routes';
import { shippingRoutes } from './domains/shipping/shipping.routes';
import { TrackingJob } from './domains/shipping/tracking';
import { DivisionLookupCache } from './domains/warehouse/division-lookup-cache';
import { reconditionRoutes } from './domains/warehouse/recondition.routes';
import { warehouseRoutes } from './domains/warehouse/warehouse.routes';
import { registerAccountRefs } from './http/account-refs';
import { type RegisteredRoute, registerAuthGuard } from './http/auth-guard';
import { clientErrorHandler, frameworkErrors, registerEnvelope } from './http/envelope';
import { createResponseSerializerCompiler } from './http/response-serializer';
import { docsPolicy, registerCsrfGuard, registerSecurityHeaders } from './http/security';
import { createMailer } from './integrations/mail/mailer';
import { LocalFileStorage } from './integrations/storage/local-storage';

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  routes: RegisteredRoute[];
  seed: SeedResult;
  builtinPrintServer: BuiltinPrintServer;
  /** Follows bought labels until delivered (domains/shipping/tracking.ts). */
  trackingJob: TrackingJob;
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
  // Servers started together on a new database: one seeds, the others find it seeded.
  const { seed, secret } = await startupStep(db, async () => ({
    seed: await seedDatabase(db.db, {
      demoData: config.demoData,
      passwordHashing: config.passwordHashing,
      storage,
    }),
    secret: await loadSecret(db.db, config.secret),
  }));
  // Expired sessions and sign-in counters are ignored anyway; dropping them at start keeps the tables small.
  await deleteExpiredSessions(db.db);
  const events = await openClusterEvents(db);
  const deps: AppDeps = {
    config,
    db: db.db,
    dbKind: db.kind,
    secret,
    events,
    authCache: new AuthCache(events),
    loginLimiter: new LoginLimiter(db.db),
    printSignals: new PrintSignals(events),
    divisionLookups: new DivisionLookupCache({ events }),
    mailer: createMailer(config),
    carriers: createCarriers(config, db.db),
  };
  await deps.loginLimiter.deleteExpired();

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One line per request only when debugging; errors are always logged with their request id.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: anyone else could claim any
    // address and so escape the per-address sign-in limits.
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // 'id' keys in URLs are numeric in the specs; route params are coerced by zod.
    // A path parameter (an id, a code) longer than this is refused with 414 before any route runs.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
    // Errors met before a route runs (a bad % escape, a path parameter too long, headers too large) answer the envelope.
    frameworkErrors,
    clientErrorHandler,
    // Fastify's own 503 while closing is not the envelope; the onRequest hook below answers it instead.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.verifyResponses }));
  const builtinPrintServer = new BuiltinPrintServer(deps, config.printsDir, app.log);
  const trackingJob = new TrackingJob(deps, app.log);
  // A reply leaves only once the changes it made are announced to the other server processes: a client
  // that got it finds the change through any of them.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const announced = events.settled();
    if (!announced) return done(null, payload);
    announced.then(() => done(null, payload), done);
  });
  // Before the port closes and Fastify waits for open requests: agents' long-polls are answered at once,
  // not after their whole wait (up to 30 s), so a restart is not held up by them.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    deps.printSignals.close();
    done();
  });
  // A request that arrives while this process closes (a keep-alive connection, a poll sent a moment late) is
  // sent to another process: 503 in the envelope, and the connection closed so the client reconnects.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply
      .status(503)
      .header('connection', 'close')
      .send(fail(503, 'This server is restarting. Try again in a moment.'));
  });
  app.addHook('onClose', async () => {
    await builtinPrintServer.stop();
    await trackingJob.stop();
    await stopFacetIndexBuilds(deps.db);
    await events.close();
    await db.close();
  });

  const routes: RegisteredRoute[] = [];
  registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Backroom API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsPolicy,
  });
  if (config.webDistDir && existsSync(config.webDistDir)) {
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: ['index.html'] });
  }
  registerCsrfGuard(app);
  // Before any cache is read (the auth guard reads the session cache): this process has heard every change
  // committed before the request came, through whichever server it was made.
  app.addHook('onRequest', (request, _reply, done) => {
    const permission = request.routeOptions.config?.permission;
    const synced = permission && permission !== 'printAgent' ? events.sync() : undefined;
    if (!synced) return done();
    synced.then(() => done());
  });
  registerAuthGuard(app, deps, routes);
  registerAccountRefs(app, deps);
  registerEnvelope(app, config.webDistDir);

  healthRoutes(app, deps);
  authRoutes(app, deps);
  homeRoutes(app, deps);
  adminRoutes(app, deps);
  warehouseRoutes(app, deps);
  reconditionRoutes(app, deps);
  printingRoutes(app, deps);
  printAgentRoutes(app, deps);
  catalogueRoutes(app, deps);
  pricingReportRoutes(app, deps);
  collectionRoutes(app, deps);
  searchkitProxyRoutes(app, deps);
  orderRoutes(app, deps);
  orderReferenceRoutes(app, deps);
  orderShipmentRoutes(app, deps);
  oneOffShipmentRoutes(app, deps);
  labelPrintRoutes(app, deps);
  returnRoutes(app, deps);
  returnLabelRoutes(app, deps);
  returnNoteRoutes(app, deps);
  returnPaymentRoutes(app, deps);
  returnRefundRoutes(app, deps);
  returnsSearchRoutes(app, deps);
  firstPartyRoutes(app, deps);
  firstPartyDiscountRoutes(app, deps);
  orderPaymentRoutes(app, deps);
  orderUnitRoutes(app, deps);
  orderConfirmationRoutes(app, deps);
  customerRoutes(app, deps);
  await mediaRoutes(app, deps, storage);
  returnAppealRoutes(app, deps, storage);
  await shippingRoutes(app, deps);

  await app.ready();
  builtinPrintServer.start();
  trackingJob.start();
  return { app, deps, routes, seed, builtinPrintServer, trackingJob };
}

/** Start-up work that two servers must not do at once on one PostgreSQL database. */
function startupStep<T>(database: Database, work: () => Promise<T>): Promise<T> {
  return database.connectionString ? withStartupLock(database.connectionString, work) : work();
}
