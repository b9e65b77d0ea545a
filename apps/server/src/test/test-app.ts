import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { z } from 'zod';
import { type BuiltApp, buildApp } from '../app';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { createPostgresDatabase, TEST_DB, type TestTemplate, testConfig } from './test-database';

export { TEST_DB } from './test-database';

export interface TestApp extends BuiltApp {
  close(): Promise<void>;
  /** Signs in and returns the cookie header to send with later requests. */
  login(email: string, password?: string): Promise<string>;
  /** Signs in demo users by the first part of their e-mail ('admin', 'sales', ...) for as(). */
  signIn(...who: string[]): Promise<void>;
  /**
   * An API call as a demo user signed in with signIn(), or with no session when `who` is null; a payload is
   * sent as JSON, and `headers` are added (an agent's bearer token, a precondition).
   */
  as(
    who: string | null,
    method: string,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The cookie header of a demo user signed in with signIn(), for requests as() does not make (uploads). */
  cookieOf(who: string): string;
  /** The rows a raw SQL statement answers. */
  rows<T>(query: SQL): Promise<T[]>;
}

export const DEMO_PASSWORDS: Record<string, string> = {
  'admin@backroom.local': 'backroom-admin',
  'manager@backroom.local': 'backroom-manager',
  'sales@backroom.local': 'backroom-sales',
  'warehouse@backroom.local': 'backroom-warehouse',
  'outlet@backroom.local': 'backroom-outlet',
};

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate | null;
    /** main.ts bundled by the global setup (test/server-bundle.ts), for the tests that start server processes. */
    serverBundle: string;
  }
}

/**
 * A fresh database with demo data (a new PGlite in memory, or a new PostgreSQL database) and an app on it.
 * It is a copy of the run's seeded template unless the overrides change what is seeded.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const printsDir = mkdtempSync(path.join(tmpdir(), 'backroom-prints-'));
  const template = overrides.demoData === false ? null : inject('testTemplate');
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (TEST_DB === 'postgres') {
    const created = await createPostgresDatabase(template?.postgresTemplate);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = testConfig(printsDir, databaseUrl, overrides);
  if (template) cpSync(template.filesDir, config.filesDir, { recursive: true });
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    loadDataDir: template?.pgliteDump ? new Blob([readFileSync(template.pgliteDump)]) : undefined,
  });
  const built = await buildApp(config, database);
  const login = async (email: string, password = DEMO_PASSWORDS[email]) => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/v1/backroom/auth/login',
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'backroom_session');
    return `backroom_session=${cookie!.value}`;
  };
  const cookies = new Map<string, string>();
  const cookieOf = (who: string) => {
    const cookie = cookies.get(who);
    if (!cookie) throw new Error(`${who} is not signed in: call signIn('${who}') first.`);
    return cookie;
  };
  return {
    ...built,
    async close() {
      await built.app.close();
      await dropDatabase();
      rmSync(printsDir, { recursive: true, force: true });
    },
    login,
    async signIn(...who) {
      for (const name of who) cookies.set(name, await login(`${name}@backroom.local`));
    },
    as(who, method, url, payload, headers = {}) {
      return built.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(who === null ? {} : { cookie: cookieOf(who) }), ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    cookieOf,
    async rows<T>(query: SQL) {
      return ((await built.deps.db.execute(query)) as unknown as { rows: T[] }).rows;
    },
  };
}

/** The data of a reply, parsed with the route's shared reply schema: a reply that breaks it fails the test. */
export function dataOf<T extends z.ZodType>(schema: T, res: LightMyRequestResponse): z.infer<T>[] {
  return z.array(schema).parse(res.json().data);
}
