// `npm test`'s install check: a newcomer's `npm install` stays clean on every Node version the project declares.
// 1. Every package in package-lock.json accepts the lowest version of each Node line in the root `engines.node`
//    (npm warns EBADENGINE otherwise; `.npmrc`'s engine-strict makes it an error on the Node running it).
// 2. Every package with an install script is named in the root `allowScripts` (npm 11 lists the others after
//    each install, and npm 12 no longer runs them: argon2's, sharp's and esbuild's are needed).
// 3. The README states the same Node versions as `engines`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json'));
const lock = JSON.parse(read('package-lock.json'));
const declared = manifest.engines?.node;
const problems = [];

if (!declared || !semver.validRange(declared))
  problems.push(`package.json: engines.node is not a range (${declared})`);
const lowest = new semver.Range(declared ?? '*').set.map(
  (comparators) => semver.minVersion(comparators.map((c) => c.value).join(' ')).version,
);

const allowed = Object.entries(manifest.allowScripts ?? {});
const covered = (name, version) =>
  allowed.some(
    ([key]) =>
      key === name || (key.startsWith(`${name}@`) && semver.satisfies(version, key.slice(name.length + 1))),
  );

const locked = Object.entries(lock.packages).filter(([where]) => where.includes('node_modules/')); // not the workspaces
for (const [where, entry] of locked) {
  const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const wants = entry.engines?.node;
  if (wants) {
    const refused = lowest.filter((version) => !semver.satisfies(version, wants));
    if (refused.length > 0)
      problems.push(`${name}@${entry.version} wants Node ${wants}: refuses ${refused.join(', ')}`);
  }
  if (entry.hasInstallScript && !covered(name, entry.version))
    problems.push(
      `${name}@${entry.version} has an install script that package.json's allowScripts does not name`,
    );
}

if (!read('README.md').includes(`Node.js \`${declared}\``))
  problems.push(`README.md does not state the Node versions of package.json (Node.js \`${declared}\`)`);

if (problems.length > 0) {
  console.error(`Install check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Install check: ${locked.length} locked packages accept Node ${lowest.join(', ')}; install scripts allowed: ${allowed.map(([key]) => key).join(', ')}`,
);
