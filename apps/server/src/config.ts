import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, or 'memory://' for a throw-away database (tests). */
  dataDir: string;
  /** Where the built-in print server writes each job's ZPL and PNG preview. */
  printsDir: string;
  /** Uploaded files (images) for the local storage adapter. */
  filesDir: string;
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** PostgreSQL connections at most (DATABASE_POOL_SIZE); unset, the database client's default. */
  databasePoolSize?: number;
  /** Seed demo data into an empty database. */
  demoData: boolean;
  /** Built web app to serve at '/', if it exists. */
  webDistDir?: string;
  /** Signs badges. When unset a random secret is generated once and kept in the database. */
  secret?: string;
  /** argon2 cost: 'strong' in production, 'fast' only for tests. */
  passwordHashing: 'strong' | 'fast';
  logLevel: string;
  /** Session lifetime. */
  sessionHours: number;
  /** Secure cookies when served over https. */
  secureCookies: boolean;
  /** Hosts that printZPLFromURL may fetch from: carriers' label stores, never the inside of the network. */
  zplUrlHosts: string[];
  /** Check every reply against its zod schema as well (tests: VERIFY_RESPONSES=1). Costs CPU. */
  verifyResponses: boolean;
  /** SMTP server for mail (smtp://user:pass@host:port); without it mail stays in the Outbox. */
  smtpUrl?: string;
  /** The sender of order e-mails. */
  mailFrom: string;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs, comma-separated,
   * or proxy-addr's names such as 'loopback'). Unset: the address of the connection is the client's.
   */
  trustProxy: string[] | false;
  /** EASYPOST_API_KEY: rate and buy labels through EasyPost; unset, the sandbox carrier does (offline). */
  easypostApiKey?: string;
  /** EASYPOST_WEBHOOK_SECRET: the secret EasyPost signs its webhook events with (X-Hmac-Signature). */
  easypostWebhookSecret?: string;
  /** EASYPOST_BASE_URL: another EasyPost API address (tests point it at a local stand-in). */
  easypostBaseUrl?: string;
  /** EASYPOST_TIMEOUT_MS: how long one EasyPost call may take before it counts as unanswered. */
  easypostTimeoutMs: number;
  /** SHIPPING_TRACKING_SECONDS: how often the tracking job looks at labels not yet delivered. */
  trackingIntervalSeconds: number;
}

/** The repository root, found from this file whether it runs from src/ (tsx) or dist/ (bundle). */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'apps', 'server'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = repoRoot();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    printsDir: path.join(path.resolve(root, env.DATA_DIR ?? 'data'), 'prints'),
    filesDir: path.join(path.resolve(root, env.DATA_DIR ?? 'data'), 'files'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSizeOf(env.DATABASE_POOL_SIZE),
    demoData: env.DEMO_DATA !== '0',
    webDistDir: path.join(root, 'apps', 'web', 'dist'),
    secret: env.BACKROOM_SECRET || undefined,
    passwordHashing: env.PASSWORD_HASHING === 'fast' ? 'fast' : 'strong',
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    secureCookies: env.SECURE_COOKIES === '1',
    zplUrlHosts: (
      env.ZPL_URL_HOSTS ??
      'easypost-files.s3.us-west-2.amazonaws.com,easypost-files.s3-us-west-2.amazonaws.com'
    )
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    verifyResponses: env.VERIFY_RESPONSES === '1',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Backroom <orders@backroom.local>',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    easypostApiKey: env.EASYPOST_API_KEY || undefined,
    easypostWebhookSecret: env.EASYPOST_WEBHOOK_SECRET || undefined,
    easypostBaseUrl: env.EASYPOST_BASE_URL || undefined,
    easypostTimeoutMs: wholeNumberOf('EASYPOST_TIMEOUT_MS', env.EASYPOST_TIMEOUT_MS, 30_000, 1_000, 60_000),
    trackingIntervalSeconds: wholeNumberOf(
      'SHIPPING_TRACKING_SECONDS',
      env.SHIPPING_TRACKING_SECONDS,
      300,
      5,
      86_400,
    ),
  };
}

/** DATABASE_POOL_SIZE: a whole number from 1 to 200, or unset. A typo stops the start rather than guessing. */
function poolSizeOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 200) {
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 200, not "${value}".`);
  }
  return size;
}

/** A whole number setting within bounds, or its default when unset; a typo stops the start. */
function wholeNumberOf(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}".`);
  }
  return n;
}

/** TRUST_PROXY: a list of proxy addresses; 'true'/'*' would trust anyone, which is what it exists to stop. */
function trustProxyOf(value: string | undefined): string[] | false {
  const list = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (list.length === 0) return false;
  const bad = list.find(
    (entry) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(entry),
  );
  if (bad) {
    throw new Error(`TRUST_PROXY lists proxy addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16), not "${bad}".`);
  }
  return list;
}

export function migrationsDir(): string {
  return path.join(repoRoot(), 'apps', 'server', 'src', 'db', 'migrations');
}
