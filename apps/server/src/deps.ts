import type { Config } from './config';
import type { Db, DbKind } from './db/client';
import type { ClusterEvents } from './db/cluster-events';
import type { AuthCache } from './domains/auth/auth-cache';
import type { LoginLimiter } from './domains/auth/login-limiter';
import type { PrintSignals } from './domains/printing/print-signals';
import type { Carriers } from './domains/shipping/carriers';
import type { DivisionLookupCache } from './domains/warehouse/division-lookup-cache';
import type { Mailer } from './integrations/mail/mailer';

/** What route handlers and services get: passed explicitly, so tests can build one app per database. */
export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** Signs badges (from BACKROOM_SECRET, else generated once and kept in the database). */
  secret: string;
  /**
   * What this server process tells the others sharing the database, and how background jobs run once
   * across them (db/cluster-events.ts). The caches below publish their invalidations through it.
   */
  events: ClusterEvents;
  authCache: AuthCache;
  loginLimiter: LoginLimiter;
  /** Wakes print servers when jobs are queued for them. */
  printSignals: PrintSignals;
  /** Recent barcode lookups; every division or warehouse write invalidates its account. */
  divisionLookups: DivisionLookupCache<unknown>;
  /** Sends mail: the outbox by default, SMTP when configured. */
  mailer: Mailer;
  /** Carrier adapters: the sandbox, and EasyPost when EASYPOST_API_KEY is set (domains/shipping). */
  carriers: Carriers;
}
