// A TCP proxy between a process and PostgreSQL that counts the statements the process sends: the
// frontend protocol's simple Query ('Q') and extended-protocol Execute ('E') messages, and of those
// the transaction control (BEGIN, COMMIT, ROLLBACK). A statement on the sandbox's own tables
// (`sandbox_*`: the pretend processor, Stripe's side in production) is counted apart as the
// provider's, not among the statements. Bytes are forwarded untouched. It runs as a
// child process (its CPU is not the benchmarked server's); `startStatementProxy` forks it and
// answers its address and counts.
import { fork } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SSL_REQUEST = 80877103;
const GSS_ENC_REQUEST = 80877104;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|start\s+transaction|end)\b/i;
const PROVIDER_TABLES = /\bsandbox_\w+/i;

/** Forks the proxy to `target` (host:port); answers { port, counts(), stop() }. */
export async function startStatementProxy(targetHost, targetPort) {
  const child = fork(fileURLToPath(import.meta.url), [targetHost, String(targetPort)], { stdio: 'inherit' });
  const waiting = new Map();
  let nextId = 0;
  const port = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message) => resolve(message.port));
  });
  child.on('message', (message) => {
    if (message.id !== undefined) {
      waiting.get(message.id)?.(message.counts);
      waiting.delete(message.id);
    }
  });
  return {
    port,
    pid: child.pid,
    /** { statements, provider, query, execute, transactionControl, connections } since the start. */
    counts() {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.send({ id });
      });
    },
    stop() {
      child.kill('SIGTERM');
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}

function runProxy(targetHost, targetPort) {
  const counts = { statements: 0, provider: 0, query: 0, execute: 0, transactionControl: 0, connections: 0 };

  function countStatement(text) {
    if (PROVIDER_TABLES.test(text)) {
      counts.provider++;
      return;
    }
    counts.statements++;
    if (TRANSACTION_CONTROL.test(text)) counts.transactionControl++;
  }

  function countMessages(state, chunk) {
    let buffer = state.pending.length > 0 ? Buffer.concat([state.pending, chunk]) : chunk;
    let offset = 0;
    for (;;) {
      if (state.startup) {
        if (buffer.length - offset < 8) break;
        const length = buffer.readInt32BE(offset);
        if (buffer.length - offset < length) break;
        const code = buffer.readInt32BE(offset + 4);
        offset += length;
        // After an SSL or GSS request the client sends its startup message again.
        if (code !== SSL_REQUEST && code !== GSS_ENC_REQUEST) state.startup = false;
        continue;
      }
      if (buffer.length - offset < 5) break;
      const type = buffer[offset];
      const length = buffer.readInt32BE(offset + 1);
      if (buffer.length - offset < length + 1) break;
      const body = buffer.subarray(offset + 5, offset + 1 + length);
      if (type === 0x51 /* Q */) {
        counts.query++;
        countStatement(body.toString('utf8'));
      } else if (type === 0x50 /* P */) {
        const nameEnd = body.indexOf(0);
        const queryEnd = body.indexOf(0, nameEnd + 1);
        state.prepared.set(body.toString('utf8', 0, nameEnd), body.toString('utf8', nameEnd + 1, queryEnd));
      } else if (type === 0x42 /* B */) {
        const portalEnd = body.indexOf(0);
        const statementEnd = body.indexOf(0, portalEnd + 1);
        state.bound = state.prepared.get(body.toString('utf8', portalEnd + 1, statementEnd)) ?? '';
      } else if (type === 0x45 /* E */) {
        counts.execute++;
        countStatement(state.bound);
      }
      offset += length + 1;
    }
    state.pending = offset < buffer.length ? Buffer.from(buffer.subarray(offset)) : Buffer.alloc(0);
    buffer = undefined;
  }

  const server = createServer((client) => {
    counts.connections++;
    const upstream = connect(targetPort, targetHost);
    const state = { startup: true, pending: Buffer.alloc(0), prepared: new Map(), bound: '' };
    client.on('data', (chunk) => {
      countMessages(state, chunk);
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', ({ id }) => process.send({ id, counts }));
  process.on('SIGTERM', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runProxy(process.argv[2], Number(process.argv[3]));
