import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * main.ts bundled into one plain JavaScript file, as `npm run build` makes dist/main.js (our code and
 * @backroom/shared inlined, npm packages external), for the tests that start real server processes
 * (main.test, cluster.test): a start from source under tsx costs about 2.6 s of CPU, from the bundle 1 s.
 * Written under apps/server/node_modules/.cache so the external packages resolve from it; `dir` names the run's
 * folder there, which the caller removes.
 */
export async function buildServerBundle(dir: string): Promise<string> {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@backroom/'));
  const outfile = path.join(dir, 'main.mjs');
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  return outfile;
}

/** The folder a run's bundle is written to (see buildServerBundle). */
export function serverBundleDir(): string {
  return path.join(serverDir, 'node_modules', '.cache', `backroom-test-server-${process.pid}`);
}
