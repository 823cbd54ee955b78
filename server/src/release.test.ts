import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../test/test-database.ts';

// The production path without containers (README 'Production'): `npm run release` on the build
// machine, then on a machine that never built anything `npm ci --omit=dev` and
// `NODE_ENV=production npm run serve`. Production runs on PostgreSQL, hence TEST_DATABASE_URL.
// It installs a release with `npm ci` (20 s with a warm npm cache), so it runs only where
// FIRSTDAY_RELEASE_TEST=1 asks for it: `.ci/run` sets it, a local `npm test` skips it.
const RUNS = process.env.FIRSTDAY_RELEASE_TEST === '1' && Boolean(process.env.TEST_DATABASE_URL);
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PORT = 4390;
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function waitForReady(url: string, child: ChildProcess): Promise<Response> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server was not ready within 60 s');
}

/** Build and test tools that a production install must not bring (README 'Production'). */
const BUILD_TOOLS = [
  '@react-router/dev',
  'vite',
  'vitest',
  'jsdom',
  'esbuild',
  '@babel/core',
  'typescript',
  'drizzle-kit',
  '@biomejs/biome',
  '@playwright/test',
];

type Lock = { packages: Record<string, { version?: string; link?: boolean }> };
const readLock = (path: string): Lock => JSON.parse(readFileSync(path, 'utf8'));

describe('the release lock file', () => {
  it("lists the runtime packages at the repository lock's versions and no build tool, even as an optional peer", () => {
    const out = mkdtempSync(join(tmpdir(), 'firstday-release-packages-'));
    cleanups.push(() => rmSync(out, { recursive: true, force: true }));
    execFileSync(process.execPath, ['scripts/release.mjs', '--out', out, '--packages-only'], { cwd: REPO });
    const full = readLock(join(REPO, 'package-lock.json')).packages;
    const release = readLock(join(out, 'package-lock.json')).packages;
    // The full lock does hold them, some reachable from runtime packages as optional peers: the
    // reason the release prunes its lock rather than trusting --omit=dev.
    expect(full['node_modules/vitest']).toBeDefined();
    expect(full['node_modules/jsdom']).toBeDefined();
    for (const tool of BUILD_TOOLS) expect(release[`node_modules/${tool}`], tool).toBeUndefined();
    for (const runtime of ['node', 'sharp', 'hono', 'react-dom', 'pg']) {
      expect(release[`node_modules/${runtime}`]?.version, runtime).toBe(full[`node_modules/${runtime}`]?.version);
    }
    expect(release['server/node_modules/better-auth'] ?? release['node_modules/better-auth']).toBeDefined();
    for (const [path, entry] of Object.entries(release)) {
      if (path === '' || entry.link || !path.includes('node_modules/')) continue;
      expect(entry.version, path).toBe(full[path]?.version);
    }
    // Far fewer packages: measured, not assumed, so a regression that brings them back fails.
    expect(Object.keys(release).length).toBeLessThan(Object.keys(full).length * 0.7);
    const rootPackage = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'));
    expect(rootPackage.devDependencies).toBeUndefined();
    expect(rootPackage.dependencies.node).toBe(
      JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).dependencies.node,
    );
  }, 60_000);
});

// The container image and compose file cannot be built here (no Docker daemon, no image registry),
// so their invariants are checked as text: one Node runtime, pinned bases, a health check with a
// start period, a context without history or local state, build values, a mail catcher and no
// payment provider by default.
describe('the container image and compose file, read', () => {
  const read = (path: string) => readFileSync(join(REPO, path), 'utf8');
  const dockerfile = read('Dockerfile');
  const compose = read('compose.yaml');
  const instructions = dockerfile.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  const lastFrom = instructions.findLastIndex((line) => /^FROM\s/i.test(line));
  const runStage = instructions.slice(lastFrom);
  const webBuildValues = [...new Set(read('web/src/env.ts').match(/\bVITE_[A-Z_]+/g))];
  const pins = (...references: string[]) =>
    spawnSync(process.execPath, ['scripts/check-image-pins.mjs', ...references], { cwd: REPO, encoding: 'utf8' });

  it("runs the release's own Node on plain Debian: one runtime, started as PID 1 without npm", () => {
    expect(runStage[0]).toMatch(/^FROM debian:/);
    expect(runStage.join('\n')).not.toMatch(/apt-get|nodejs|npm /);
    expect(runStage).toContain('COPY --from=build /release ./');
    expect(runStage.join('\n')).toMatch(/PATH=\/app\/node_modules\/\.bin:/);
    expect(runStage.at(-1)).toBe('CMD ["node", "--env-file-if-exists=.env", "server/src/main.ts"]');
    // The release's runtime install, on its pruned lock, happens in the build stage.
    expect(instructions).toContain('RUN npm run build && npm run release -- --out /release');
    expect(instructions).toContain('RUN npm ci --omit=dev --no-audit --no-fund');
  });

  it('has a health check with a start period, on the readiness endpoint', () => {
    const healthcheck = runStage.find((line) => line.startsWith('HEALTHCHECK'));
    expect(healthcheck).toMatch(/--start-period=\d+s/);
    expect(runStage.join('\n')).toContain('/api/ready');
  });

  it('pins every base and service image to an exact version, digests checked where present', () => {
    const result = pins();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const listed = result.stdout.trim().split('\n');
    expect(listed.map((line) => line.split('\t')[1])).toEqual(
      expect.arrayContaining(['node:24.21.0-bookworm-slim', expect.stringMatching(/^axllent\/mailpit:v\d+\.\d+\.\d+/)]),
    );
    // No registry here to look digests up: each FROM without one says so next to it.
    for (const line of listed.filter((entry) => entry.startsWith('Dockerfile') && entry.endsWith('not pinned yet'))) {
      const reference = line.split('\t')[1];
      expect(dockerfile, reference).toContain(`# digest: pending (see above)\nFROM ${reference}`);
    }
    // What the check refuses, so that the test above can fail.
    for (const floating of ['node:24', 'node:latest', 'debian:bookworm-slim', 'caddy:2.10', 'postgres:17', 'mailpit'])
      expect(pins(floating).status, floating).toBe(1);
    expect(pins('node:24.21.0@sha256:abc').stdout).toContain('malformed digest');
    expect(pins('--require-digests', 'node:24.21.0-bookworm-slim').status).toBe(1);
    expect(pins('--require-digests', `node:24.21.0-bookworm-slim@sha256:${'0'.repeat(64)}`).status).toBe(0);
  });

  it('keeps history, installed packages, builds, local data, test output and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of [
      '.git',
      '**/node_modules',
      'data',
      'release',
      'web/build',
      'test-results',
      'playwright-report',
      '.env',
    ])
      expect(ignored, entry).toContain(entry);
  });

  it('passes every web build value as a build arg, in the Dockerfile and in compose', () => {
    expect(webBuildValues.length).toBeGreaterThanOrEqual(5);
    const args = instructions.filter((line) => line.startsWith('ARG ')).join(' ');
    const composeArgs = compose.slice(compose.indexOf('args:'), compose.indexOf('environment:'));
    for (const name of webBuildValues) {
      expect(args, name).toMatch(new RegExp(`\\b${name}\\b`));
      expect(composeArgs, name).toMatch(new RegExp(`\\n\\s+${name}:`));
    }
  });

  it('ships a mail catcher for staging and chooses no payment provider by default', () => {
    expect(compose).toMatch(/\n {2}mail:\n {4}image: axllent\/mailpit:\S+\n {4}profiles: \[staging\]/);
    const settings = compose.split('\n').filter((line) => !line.trim().startsWith('#'));
    // Compose's own syntax, not a template: the variable passes through empty when unset.
    expect(settings).toContain(['    PAYMENTS_PROVIDER: $', '{PAYMENTS_PROVIDER:-}'].join(''));
    expect(settings.join('\n')).not.toMatch(/sandbox/i);
  });
});

describe.skipIf(!RUNS)('the release build, started in production mode', () => {
  it('installs without dev dependencies, starts without building, and serves / and /api/ready', async () => {
    const release = mkdtempSync(join(tmpdir(), 'firstday-release-'));
    cleanups.push(() => rmSync(release, { recursive: true, force: true }));
    // `npm test` builds the web app before the unit tests; the release takes that build.
    execFileSync(process.execPath, ['scripts/release.mjs', '--out', release], { cwd: REPO });
    // The keepsake's fonts are read from the release at run time.
    expect(existsSync(join(release, 'server/assets/fonts/EBGaramond12-Regular.ttf'))).toBe(true);
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: release,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'ignore',
    });
    // Node 24 comes with the release; the build tools do not, not even those that a runtime
    // package names as optional peers (better-auth: vitest, drizzle-kit; through them vite,
    // jsdom, esbuild, Babel, TypeScript), which npm keeps under --omit=dev on the full lock.
    expect(existsSync(join(release, 'node_modules/node/bin/node'))).toBe(true);
    expect(existsSync(join(release, 'node_modules/sharp'))).toBe(true);
    for (const tool of BUILD_TOOLS) expect(existsSync(join(release, 'node_modules', tool)), tool).toBe(false);

    const database = await createEmptyPostgresDatabase();
    cleanups.push(() => database.drop());
    const { TEST_DATABASE_URL: _, FIRSTDAY_TEST_DB: __, ...inherited } = process.env;
    const server = spawn('npm', ['run', 'serve'], {
      cwd: release,
      env: {
        ...inherited,
        NODE_ENV: 'production',
        PORT: String(PORT),
        APP_URL: `http://localhost:${PORT}`,
        APP_SECRET: 'release-test-secret-0123456789abcdef0123456789abcdef',
        DATABASE_URL: database.url,
        // Nothing is sent in this test; production only insists that SMTP is configured.
        SMTP_URL: 'smtp://127.0.0.1:9',
        PAYMENTS_PROVIDER: 'sandbox',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
      detached: true,
    });
    cleanups.push(() => {
      // npm and the Node it started: the whole process group.
      if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
      return new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    });

    const ready = await waitForReady(`http://localhost:${PORT}/api/ready`, server);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    const landing = await fetch(`http://localhost:${PORT}/`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Firstday');
  }, 240_000);
});
