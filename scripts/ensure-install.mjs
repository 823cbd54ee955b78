// Runs before `npm start` and `npm test` on the machine's own Node (any version ≥ 20, `engines` in package.json): installs
// the project's packages when they are missing or older than package-lock.json, and with
// --browser makes sure a Chromium for the end-to-end tests is there.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const installedMarker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(installedMarker) ||
  !existsSync('node_modules/node/bin/node') ||
  statSync('package-lock.json').mtimeMs > statSync(installedMarker).mtimeMs;
if (stale) {
  // `npm install`, not `npm ci`: it installs the locked versions just the same, but tolerates
  // optional platform packages (e.g. Biome's binaries for other systems) that a registry mirror
  // does not carry, where `npm ci` refuses the whole lock file. `--include=dev` because `npm start`
  // and `npm test` build, even with NODE_ENV=production (which would omit the build tools); a
  // production server without build tools runs the release instead (`npm run release`).
  process.stdout.write('Installing packages (npm install)…\n');
  run('npm', ['install', '--include=dev', '--no-audit', '--no-fund']);
}

// The end-to-end tests drive Chromium and read the keepsake PDF back with poppler's pdftotext.
if (process.argv.includes('--browser')) {
  const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const missing = [];
  if (!chromium.some((path) => existsSync(path))) missing.push('chromium');
  if (!existsSync('/usr/bin/pdftotext')) missing.push('poppler-utils');
  if (missing.length > 0) {
    const isRoot = process.getuid?.() === 0;
    let hasApt = false;
    try {
      execFileSync('which', ['apt-get'], { stdio: 'ignore' });
      hasApt = true;
    } catch {}
    if (isRoot && hasApt) {
      process.stdout.write(`Installing system packages for the tests (apt-get install ${missing.join(' ')})…\n`);
      run('apt-get', ['update']);
      run('apt-get', ['install', '-y', ...missing]);
    } else {
      process.stderr.write(
        `The tests need ${missing.join(' and ')}. Install them (Debian/Ubuntu: \`sudo apt-get install ${missing.join(' ')}\`) or set CHROMIUM_PATH.\n`,
      );
      process.exit(1);
    }
  }
}
