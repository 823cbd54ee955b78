// `npm run release [-- --out <dir>]`: assembles what a production server needs from this checkout's
// build into one folder (default `release/`), to copy to servers or into a container image. It
// holds the server and shared sources (Node 24 runs TypeScript directly, decision 001), the
// migrations, the web build and a lock file of the runtime packages; no build tools and no tests. On the server:
//   npm ci --omit=dev && NODE_ENV=production node_modules/.bin/node --env-file-if-exists=.env server/src/main.ts
// `npm ci` installs the pinned Node 24 (the `node` package is a runtime dependency) and the
// runtime packages only; nothing is built at start.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspaces a server runs; e2e holds only tests. */
const RUNTIME_WORKSPACES = ['common', 'server', 'web'];
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'release'));

// --packages-only: the package files and the pruned lock alone (release.test.ts checks them).
const packagesOnly = process.argv.includes('--packages-only');

const webBuild = join(root, 'web/build');
if (
  !packagesOnly &&
  (!existsSync(join(webBuild, 'client/index.html')) || !existsSync(join(webBuild, 'server/index.js')))
) {
  process.stderr.write('No web build: run `npm run build` first.\n');
  process.exit(1);
}

const isTest = (path) => /\.test\.tsx?$/.test(path) || path.includes(`${join('server', 'test')}`);
const copy = (path, options = {}) =>
  cpSync(join(root, path), join(out, path), {
    recursive: true,
    filter: (source) => !isTest(relative(root, source)),
    ...options,
  });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Runtime packages only. Every package.json loses its devDependencies and the lock file is pruned
// to match, offline (no version changes, checked below). Omitting dev is not enough on the full
// lock: npm keeps a dev package that a runtime one names as an *optional peer* (better-auth's
// vitest and drizzle-kit, and through them vite, jsdom, esbuild, Babel, TypeScript), because the
// lock flags it devOptional rather than dev. Without the devDependencies nothing installs them.
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
rootPackage.scripts = { serve: rootPackage.scripts.serve };
delete rootPackage.devDependencies;
rootPackage.workspaces = RUNTIME_WORKSPACES;
writeFileSync(join(out, 'package.json'), `${JSON.stringify(rootPackage, null, 2)}\n`);
for (const workspace of RUNTIME_WORKSPACES) {
  const workspacePackage = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  delete workspacePackage.devDependencies;
  delete workspacePackage.scripts;
  mkdirSync(join(out, workspace), { recursive: true });
  writeFileSync(join(out, workspace, 'package.json'), `${JSON.stringify(workspacePackage, null, 2)}\n`);
}
copy('package-lock.json');
copy('.npmrc');
const pruned = spawnSync(
  'npm',
  ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
  { cwd: out, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (pruned.status !== 0) {
  process.stderr.write(
    'Pruning the release lock file to its runtime packages failed (npm install --package-lock-only).\n',
  );
  process.exit(1);
}
const lockedPackages = (path) => JSON.parse(readFileSync(path, 'utf8')).packages;
const full = lockedPackages(join(root, 'package-lock.json'));
for (const [path, entry] of Object.entries(lockedPackages(join(out, 'package-lock.json')))) {
  if (path === '' || entry.link || RUNTIME_WORKSPACES.includes(path)) continue;
  if (full[path]?.version !== entry.version) {
    process.stderr.write(`The release lock file changed ${path} (${full[path]?.version} → ${entry.version}).\n`);
    process.exit(1);
  }
}
if (packagesOnly) process.exit(0);
copy('common/src');
copy('server/src');
copy('server/assets');
copy('server/locales');
copy('server/drizzle');
copy('web/build');

process.stdout.write(
  `Release in ${relative(process.cwd(), out) || '.'}: npm ci --omit=dev && NODE_ENV=production node_modules/.bin/node --env-file-if-exists=.env server/src/main.ts\n`,
);
