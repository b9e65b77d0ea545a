import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createPostgresDatabase } from './test-database';

/** One real server process (main.ts, bundled by the global setup), as a load balancer would see it. */
export interface ClusterServer {
  name: string;
  base: string;
  /** Its DATA_DIR: the built-in print server writes to `prints/` here. */
  dataDir: string;
  /** Every line it wrote to stdout (its pino log, at LOG_LEVEL=info). */
  logLines: string[];
  /** An API call; `cookie` (a session from any server of the cluster) and `token` (a print agent's) optional. */
  call(
    method: string,
    url: string,
    options?: { cookie?: string; token?: string; body?: unknown },
  ): Promise<{ status: number; data: Record<string, unknown>[]; error: unknown }>;
  /** Signs a demo user in ('warehouse' → warehouse@backroom.local) and answers the session cookie. */
  signIn(who: string): Promise<string>;
}

export interface Cluster {
  servers: ClusterServer[];
  databaseUrl: string;
  stop(): Promise<void>;
}

export const DEMO_PASSWORD = (who: string) => `backroom-${who}`;

/**
 * Starts `count` server processes on one new PostgreSQL database (a copy of the run's seeded template), each
 * on a port of its own and with a data directory of its own, as several servers behind a load balancer.
 */
export async function startCluster(count: number): Promise<Cluster> {
  const template = inject('testTemplate')?.postgresTemplate;
  const database = await createPostgresDatabase(template);
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  try {
    const servers = await Promise.all(
      Array.from({ length: count }, (_, i) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `backroom-cluster-${i}-`));
        dirs.push(dataDir);
        return startServer(String.fromCharCode(65 + i), database.url, dataDir, children);
      }),
    );
    return {
      servers,
      databaseUrl: database.url,
      async stop() {
        await Promise.all(children.map(stopChild));
        await database.drop();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    await database.drop();
    throw error;
  }
}

async function startServer(
  name: string,
  databaseUrl: string,
  dataDir: string,
  children: ChildProcess[],
): Promise<ClusterServer> {
  const child = spawn(process.execPath, [inject('serverBundle')], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      // Any free port: the log line "Server listening at …" says which.
      PORT: '0',
      LOG_LEVEL: 'info',
      PASSWORD_HASHING: 'fast',
      VERIFY_RESPONSES: '1',
      // Unset on every server: the secret is then generated once and kept in the database they share.
      BACKROOM_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const logLines: string[] = [];
  const base = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    // A bound against a hang: a start took over a minute when the other suites loaded the machine (load
    // average 15-19; then from source under tsx, which compiled the server as it started).
    const timer = setTimeout(() => reject(new Error(`server ${name} did not start within 240 s`)), 240_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        logLines.push(line);
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (listening) {
          clearTimeout(timer);
          resolve(listening[1]!);
        }
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server ${name} exited with ${code}`));
    });
  });

  const call: ClusterServer['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const json = (await res.json()) as { data?: Record<string, unknown>[]; error?: unknown };
    return { status: res.status, data: json.data ?? [], error: json.error };
  };

  return {
    name,
    base,
    dataDir,
    logLines,
    call,
    async signIn(who) {
      const res = await fetch(`${base}/api/v1/backroom/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${who}@backroom.local`, password: DEMO_PASSWORD(who) }),
      });
      if (res.status !== 200) throw new Error(`${who} could not sign in on ${name}: ${await res.text()}`);
      return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
