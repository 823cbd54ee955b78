import { parseEnv } from './lib/env.ts';
import { startServer } from './server.ts';

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

const server = await startServer(env);
process.stdout.write(`\nFirstday is running on http://localhost:${server.port}\n`);
if (!env.SMTP_URL) process.stdout.write(`Dev mailbox: http://localhost:${server.port}/dev/mail\n`);
if (server.demo) {
  process.stdout.write(
    `Demo account (created on this empty database): ${server.demo.email} / ${server.demo.password}\n`,
  );
}
process.stdout.write('\n');

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Drain (SHUTDOWN_DELAY_SECONDS), let in-flight requests and the current mail batch finish,
    // then exit; force 10 s after the drain.
    setTimeout(() => process.exit(1), (env.SHUTDOWN_DELAY_SECONDS + 10) * 1000).unref();
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
