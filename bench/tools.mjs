// The benchmarks' tools (autocannon, Lighthouse, chrome-launcher) stay out of the project's
// install, so `npm start` and `npm test` never download them: they have their own package.json
// and lock file here, installed (`npm ci`) the first time a benchmark asks for one.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const installedMarker = `${benchDir}node_modules/.package-lock.json`;
const lockFile = `${benchDir}package-lock.json`;

function ensureInstalled() {
  if (existsSync(installedMarker) && statSync(installedMarker).mtimeMs >= statSync(lockFile).mtimeMs) return;
  process.stdout.write('Installing the benchmark tools (npm ci in bench/)…\n');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: benchDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm ci in bench/ failed');
}

/** A benchmark tool's module, resolved from bench/node_modules. */
export async function importBenchTool(name) {
  ensureInstalled();
  return import(name);
}
