import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';

// The documented production start (README 'Production', the Dockerfile's CMD) runs node itself,
// not `npm run serve`: npm signals its shell, the shell dies and node runs on, orphaned and never
// drained. This starts that command as a child process and stops it the way a platform does.
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const rootPackage = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
const [program, ...nodeArguments] = rootPackage.scripts.serve.split(' ');
const PINNED_NODE = 'node_modules/.bin/node';

const dataDir = mkdtempSync(join(tmpdir(), 'firstday-production-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function status(url: string): Promise<number | null> {
  try {
    return (await fetch(url)).status;
  } catch {
    return null;
  }
}

describe('the documented production start', () => {
  it('is node with the serve script’s flags, in the README and the Dockerfile', () => {
    expect(program).toBe('node');
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    expect(readme).toContain(`${PINNED_NODE} ${nodeArguments.join(' ')}`);
    const dockerfile = readFileSync(join(REPO, 'Dockerfile'), 'utf8');
    const execForm = ['node', ...nodeArguments].map((word) => JSON.stringify(word)).join(', ');
    expect(dockerfile).toContain(`CMD [${execForm}]`);
  });

  it('drains on SIGTERM and exits 0', { timeout: 150_000 }, async () => {
    // The run's migrated database (global-setup.ts) as the data folder: migrating a new one takes
    // most of a minute on a busy machine.
    const dump = inject('migratedPgliteDump');
    if (dump) await new PGlite({ dataDir, loadDataDir: await openAsBlob(dump) }).close();
    const port = await freePort();
    const server = spawn(join(REPO, PINNED_NODE), nodeArguments, {
      cwd: REPO,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SHUTDOWN_DELAY_SECONDS: '1',
        // the API is enough: no web build needed
        WEB_DIST: join(dataDir, 'no-web-build'),
      },
      stdio: 'ignore',
    });
    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect.poll(() => status(`${base}/api/health`), { timeout: 120_000, interval: 250 }).toBe(200);
      expect(await status(`${base}/api/ready`)).toBe(200);

      const signalledAt = performance.now();
      server.kill('SIGTERM');
      // Draining: the process still answers, but tells the load balancer it is not ready.
      await expect.poll(() => status(`${base}/api/ready`), { timeout: 1_000, interval: 50 }).toBe(503);
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      // The delay, then the mail batch and jobs; the server's own watchdog would exit 1 after 11 s.
      expect(performance.now() - signalledAt).toBeLessThan(10_000);
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
  });
});
