// `npm run bench`: the figures the foundation issue names, measured on this machine.
//  - restart on an existing PGlite data directory to ready (target < 3 s)
//  - GET /api/v1/backroom/auth/me with 50 concurrent clients on loopback (target p95 < 10 ms)
//  - login page JavaScript, gzipped (target < 250 KB)
// Needs `npm run build` first. Traffic goes to 127.0.0.1 only, bounded in time.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const webDist = path.join(root, 'apps/web/dist');
if (!existsSync(serverMain) || !existsSync(webDist)) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}
const port = 3900;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-bench-'));

async function startServer() {
  const started = performance.now();
  const child = spawn(process.execPath, [serverMain], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, ms: performance.now() - started };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
}
const stopServer = (child) => new Promise((resolve) => child.on('exit', resolve) && child.kill('SIGTERM'));

const first = await startServer();
console.log(`first start (migrate + seed): ${first.ms.toFixed(0)} ms`);
await stopServer(first.child);
const restarts = [];
let server;
for (let i = 0; i < 3; i++) {
  if (server) await stopServer(server);
  const s = await startServer();
  restarts.push(s.ms);
  server = s.child;
}
console.log(`restart to ready: ${restarts.map((ms) => ms.toFixed(0)).join(', ')} ms (target < 3000)`);

const login = await fetch(`${base}/api/v1/backroom/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@backroom.local', password: 'backroom-admin' }),
});
const cookie = login.headers.get('set-cookie').split(';')[0];
const latencies = [];
const result = await new Promise((resolve, reject) => {
  const instance = autocannon(
    { url: `${base}/api/v1/backroom/auth/me`, connections: 50, duration: 10, headers: { cookie } },
    (err, res) => (err ? reject(err) : resolve(res)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
});
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
console.log(
  `GET /auth/me, 50 connections, 10 s: ${result.requests.total} requests, ${result.non2xx} non-2xx, ` +
    `p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms (target p95 < 10)`,
);
await stopServer(server);
rmSync(dataDir, { recursive: true, force: true });

// What the login page loads: index.html's script and stylesheet plus their static imports (lazy routes excluded).
const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let jsGz = 0;
let cssGz = 0;
for (const asset of assets) {
  const size = gzipSync(readFileSync(path.join(webDist, asset))).length;
  if (asset.endsWith('.js')) jsGz += size;
  else cssGz += size;
}
console.log(
  `login page: JavaScript ${(jsGz / 1024).toFixed(1)} KB gzipped (target < 250), CSS ${(cssGz / 1024).toFixed(1)} KB gzipped`,
);
