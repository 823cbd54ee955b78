// `npm run release [-- --out <dir>]`: assembles what a production server needs from this checkout's
// build into one folder (default `release/`), to copy to servers or into a container image. It
// holds the server and shared sources (Node 24 runs TypeScript directly, decision 001), the
// migrations, the web build and the lock file; no build tools and no tests. On the server:
//   npm ci --omit=dev && NODE_ENV=production node_modules/.bin/node --env-file-if-exists=.env server/src/main.ts
// `npm ci` installs the pinned Node 24 (the `node` package is a runtime dependency) and the
// runtime packages only; nothing is built at start.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'release'));

const webBuild = join(root, 'web/build');
if (!existsSync(join(webBuild, 'client/index.html')) || !existsSync(join(webBuild, 'server/index.js'))) {
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

// The root package keeps only what `npm run serve` needs; the lock file still lists every
// workspace, so each workspace's package.json comes along (e2e's without its tests).
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
rootPackage.scripts = { serve: rootPackage.scripts.serve };
delete rootPackage.devDependencies;
writeFileSync(join(out, 'package.json'), `${JSON.stringify(rootPackage, null, 2)}\n`);
copy('package-lock.json');
for (const workspace of ['common', 'server', 'web', 'e2e']) copy(`${workspace}/package.json`);
copy('common/src');
copy('server/src');
copy('server/assets');
copy('server/locales');
copy('server/drizzle');
copy('web/build');

process.stdout.write(
  `Release in ${relative(process.cwd(), out) || '.'}: npm ci --omit=dev && NODE_ENV=production node_modules/.bin/node --env-file-if-exists=.env server/src/main.ts\n`,
);
