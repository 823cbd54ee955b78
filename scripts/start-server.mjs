// Starts the built product for a benchmark in production mode, as it runs when deployed:
// NODE_ENV=production (React's production builds, no dev mailbox, no demo data) with everything
// production requires (env.ts): PostgreSQL, an SMTP server (a catcher in the benchmark's process,
// bench/mail-catcher.mjs), a secret of its own, APP_URL, and the sandbox named (PAYMENTS_PROVIDER),
// whose side runs in another process (SANDBOX_WEBHOOKS=external, sandbox-webhook-sender.ts), as
// Stripe's does. Production has no embedded database: without DATABASE_URL in `extraEnv`, a
// throw-away database is made on the PostgreSQL server of DATABASE_URL (read when this module
// loads, before a benchmark takes it out of process.env), and dropped at stop; without either it
// stops with a message. The web build is made first when missing (`npm run build`).
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailboxes, startBenchMailCatcher } from '../bench/mail-catcher.mjs';
import { createTemporaryDatabase } from './bench-calendar.mjs';

const POSTGRES_SERVER_URL = process.env.DATABASE_URL;

async function getFreePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function ensureWebBuild() {
  const webDist = process.env.WEB_DIST ?? 'web/build/client';
  if (!existsSync(`${webDist}/index.html`)) execSync('npm run build', { stdio: 'inherit' });
}

function waitForExit(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', resolve);
  });
}

/**
 * Starts a product server (and, unless `options.sandboxWebhooks` is 'server', the sandbox's
 * webhook sender). `options.senderDatabaseUrl`: where the sender connects when the server's
 * DATABASE_URL goes through a proxy (bench/pg-statement-proxy.mjs), so the provider's statements
 * are not counted as the server's.
 */
export async function startProductServer(extraEnv = {}, options = {}) {
  ensureWebBuild();
  let temporary;
  let databaseUrl = extraEnv.DATABASE_URL;
  if (!databaseUrl) {
    if (!POSTGRES_SERVER_URL) {
      throw new Error(
        'the benchmarks run the server in production mode, which needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test; a throw-away database is made on that server)',
      );
    }
    temporary = await createTemporaryDatabase(POSTGRES_SERVER_URL);
    databaseUrl = temporary.url;
  }
  const mailbox = await startBenchMailCatcher();
  const port = await getFreePort();
  const metricsToken = randomBytes(16).toString('hex');
  const sandboxWebhooks = options.sandboxWebhooks ?? 'external';
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    // The origin the benchmarks' requests name (bench-calendar.mjs `request`).
    APP_URL: `http://localhost:${port}`,
    APP_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: mailbox.smtpUrl,
    PAYMENTS_PROVIDER: 'sandbox',
    STRIPE_SECRET_KEY: '',
    SANDBOX_WEBHOOKS: sandboxWebhooks,
    METRICS_TOKEN: metricsToken,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'firstday-bench-')),
    LOG_LEVEL: 'warn',
    ...extraEnv,
    DATABASE_URL: databaseUrl,
  };
  // BENCH_SERVER_NODE_ARGS: flags for the server's node alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to see where a benchmark's CPU goes (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'server/src/main.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;

  let sender;
  const startSender = () => {
    if (sandboxWebhooks !== 'external' || sender) return;
    sender = spawn(process.execPath, ['server/src/payments/sandbox-webhook-sender.ts'], {
      env: { ...env, DATABASE_URL: options.senderDatabaseUrl ?? databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  };
  const stopSender = async () => {
    const running = sender;
    sender = undefined;
    if (!running) return;
    running.kill('SIGTERM');
    await waitForExit(running);
  };

  const stop = async () => {
    mailboxes.delete(url);
    await stopSender();
    child.kill('SIGTERM');
    await waitForExit(child);
    await mailbox.close();
    await temporary?.drop();
  };

  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        mailboxes.set(url, mailbox);
        startSender();
        return {
          url,
          pid: child.pid,
          /** The sender's process id while it runs (its CPU is the provider's, not the server's). */
          get senderPid() {
            return sender?.pid;
          },
          metricsToken,
          mailbox,
          databaseUrl,
          /** Holds the sandbox's webhooks back (the sender stops) and lets them go again. */
          stopSender,
          startSender,
          stop,
        };
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  await stop();
  throw new Error(`the server did not start within 60 s (exit code ${child.exitCode})`);
}
